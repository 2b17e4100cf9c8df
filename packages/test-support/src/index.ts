export { changelogPage, v2Changelog } from './api/changelogs.ts';
export { company, companyDetails, contact, user, v2Company } from './api/people.ts';
export {
  changelog,
  issue,
  type PortalData,
  portal,
  project,
  WORKSPACE_ID,
  workspace,
} from './api/portal.ts';
export { createdThreadRow, threadRow, threadUpdateSummary, v1Thread } from './api/threads.ts';
export { installMatchMedia } from './dom/match-media.ts';
export { createFakeFetch, json, type RecordedRequest, sequence, v2Error } from './fake-fetch.ts';
export { JPEG_BASE64, PNG_BASE64, WEBP_BASE64 } from './images.ts';

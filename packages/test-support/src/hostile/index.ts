export * from './values.ts';
export { XSS_PAYLOADS } from './xss-payloads.ts';

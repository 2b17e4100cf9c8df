import { configure } from '@testing-library/preact';
import { DOM_WAIT_MS } from './waits.ts';

// Every widget test file's Testing Library: queries run inside shadow roots, which the default
// error printer cannot print, and waits get DOM_WAIT_MS whichever file a worker ran first.
configure({ asyncUtilTimeout: DOM_WAIT_MS, getElementError: (message) => new Error(message ?? 'element not found') });

// Each browser test file ends by closing the Chromium its phones shared (tests/support/browser.ts):
// left to the idle timer, it would still be running when vitest stops the file's worker. Its
// phones open in the suite's Chromium (tests/browser/global-setup.ts), a connection this closes.
import { afterAll, inject } from 'vitest';
import { closeSharedBrowser, useBrowserServer } from './browser';

useBrowserServer(inject('browserEndpoint'));
afterAll(closeSharedBrowser);

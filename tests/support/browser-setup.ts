// Each browser test file ends by closing the Chromium its phones shared (tests/support/browser.ts):
// left to the idle timer, it would still be running when vitest stops the file's worker.
import { afterAll } from 'vitest';
import { closeSharedBrowser } from './browser';

afterAll(closeSharedBrowser);

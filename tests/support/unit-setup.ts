// Client units wait for what a user would see (findBy…, waitFor). Testing Library's 1 s default is a
// timing assumption that a loaded two-core CI machine breaks (a screen's lazy chunk or msw answer can
// take longer); waiting longer never lets a wrong screen pass, it only fails later.
import { configure } from '@testing-library/dom';
import { afterAll, afterEach } from 'vitest';

configure({ asyncUtilTimeout: 5000 });

// The app fetches English texts when a reader switches to them (src/i18n/setup.ts); screen tests switch
// languages synchronously, so client units start with both languages loaded.
if (typeof document !== 'undefined') {
  const { loadLocale } = await import('../../src/i18n/setup');
  await loadLocale('en-US');
  // A screen that subscribed a topic started the patch loop; a pull still in flight when jsdom is
  // torn down would otherwise continue into a window without requestAnimationFrame.
  // Imported at the end, not here: a module a setup file imports escapes the test file's vi.mock.
  afterAll(async () => (await import('../../src/market/client')).stopMarketPacing?.());
  // A screen's kept answers (useLiveData's `keep`) are the module's, not a render's: the next test
  // of the file would open on the last one's pairs, balances or orders instead of its own answers.
  afterEach(async () => (await import('../../src/components/content/kept-answers')).dropKeptAnswers());
}

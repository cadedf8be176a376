// The `unit` project shares one module cache between the files a worker runs (vitest.config.ts:
// isolate false), so the app's stores, i18n, routes and the jsdom window outlive a file. This
// setup runs before every file: each starts as a fresh page would, and leaves nothing running
// behind it. (Files that mock a module run in `unit-isolated`, which does not use this file.)
import { afterAll, vi } from 'vitest';

if (typeof document !== 'undefined') {
  const { clearUserInfo } = await import('../../src/state/session');
  const { account } = await import('../../src/state/account');
  const { prefs } = await import('../../src/state/prefs');
  const { i18n } = await import('../../src/i18n/setup');
  const { resetMarket } = await import('../../src/state/market');
  const { resetOptionQuotes } = await import('../../src/state/option-quotes');
  const { resetPositions } = await import('../../src/state/positions');
  const { ui } = await import('../../src/state/ui');
  const { setUnread } = await import('../../src/state/messages');
  const { resetServerClock } = await import('../../src/api/server-clock');
  const { forgetHeldIntents } = await import('../../src/state/request-intent');
  const { setMarketDataApi } = await import('../../src/market/client');
  const { FakeMarketData } = await import('./fake-market-data');
  const { ROUTES } = await import('../../src/routes/table');
  const { screenLoadsSettled } = await import('../../src/components/chunks/lazy-with-retry');

  clearUserInfo();
  localStorage.clear();
  sessionStorage.clear();
  forgetHeldIntents();
  Object.assign(account, {
    accountEpoch: 0,
    profile: null,
    profileStatus: 'idle',
    profileToken: '',
    profileError: '',
  });
  // A first visit reads Turkish (src/state/persisted.ts): a file that switched to English hands on Turkish.
  prefs.lang = 'tr-TR';
  prefs.theme = 'system';
  await i18n.changeLanguage('tr-TR');
  resetMarket();
  resetOptionQuotes();
  resetPositions();
  Object.assign(ui, { positionTab: 0, drawerOpen: false });
  setUnread(0);
  resetServerClock();
  // A fresh page starts its own market worker: each file gets a fresh, inert one in this thread
  // (jsdom has no Worker), rather than whichever fake an earlier file of this worker left set; a
  // screen that follows the private channels (its balances) needs one to listen through.
  setMarketDataApi(new FakeMarketData());
  // A screen whose load an earlier file cut short (its window torn down mid-import) would say
  // "could not load" for good: every route asks for its screen again, as on a fresh page.
  for (const route of ROUTES) if ('screen' in route) route.screen.retry();
  document.title = '';
  document.body.innerHTML = '';

  afterAll(async () => {
    // Whatever a file left rendered is unmounted (its effects' timers and listeners stop with it).
    (await import('@testing-library/react')).cleanup();
    // A screen a test navigated to without waiting for it may still be importing: its modules'
    // loads must end inside this file, not after its environment is torn down (vitest then fails
    // them in whichever files the worker runs: "Cannot load '/src/styles/trade.css' … after the
    // environment was torn down"). Bounded: a load that hangs gives up at its own timeout.
    await Promise.race([screenLoadsSettled(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  });
}

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

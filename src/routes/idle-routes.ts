/**
 * The screens whose code the app fetches once the first screen has loaded and the network has
 * gone quiet (idle-preload.ts), in the order people open them: the tabs, the side drawer and its
 * most used rows, then the Mine tab's. Each names the modules (under src/, without extension)
 * its first visit imports, its own and the ones it asks for as it runs: fetched together, they
 * no longer arrive one round trip after another. The build maps them to their files
 * (vite-plugins/idle-preload.ts) and fails on a module that is no chunk of its own, so this list cannot
 * drift from the code silently.
 *
 * Plain data, no imports: the build reads it.
 */
export type IdleRoute = {
  /**
   * A route path of src/routes/table.ts, or DRAWER_KEY for the side drawer's own code; a path
   * with a `#part` is a further part of that screen's files, queued where its line stands.
   */
  readonly path: string;
  readonly modules: readonly string[];
  /** Opened from the side drawer: fetched first when the drawer opens. */
  readonly drawer?: true;
  /** Opened from this screen: fetched first when the app is idle on it. */
  readonly from?: string;
};

/** The side drawer: loaded on its first open (drawer-slot.tsx), on every screen. */
export const DRAWER_KEY = 'drawer';

export const IDLE_ROUTES: readonly IdleRoute[] = [
  {
    path: '/pages/tabbar/home',
    modules: ['screens/tabbar/home-screen', 'screens/tabbar/home-portfolio', 'screens/ai/ai-entry'],
  },
  { path: '/pages/tabbar/markets', modules: ['screens/markets/markets-screen'] },
  { path: '/pages/tabbar/trade', modules: ['screens/trade/trade-screen'] },
  // The Trade tab's ticket, right after its switch: the tab shows nothing of its own until the
  // ticket is here, and a tap to it was the slowest of the tabs' (1.9 s on the quiet bench) while
  // the ticket waited behind Mine's and IPO's files (37 files from Home, 8 round trips at five in
  // flight; 19 files, 4 round trips, here). Mine and IPO wait a round trip more each
  // (scripts/idle-counts.mjs counts them on a build).
  { path: '/pages/tabbar/trade#ticket', modules: ['screens/contract/spot-panel', 'screens/ai/ai-entry'] },
  { path: '/pages/tabbar/mine', modules: ['screens/mine/mine-screen'] },
  { path: '/pages/tabbar/ipo', modules: ['screens/ipo/ipo-tab-screen'] },
  { path: DRAWER_KEY, modules: ['shell/drawer'], drawer: true },
  { path: '/pages/recharge/recharge', modules: ['screens/funding/recharge-screen'], drawer: true },
  { path: '/pages/withdraw/bankWithdraw', modules: ['screens/funding/bank-withdraw-screen'], drawer: true },
  { path: '/pages/recharge/bankRecord', modules: ['screens/funding/bank-record-screen'], drawer: true },
  {
    path: '/pages/withdraw/withdrawRecord',
    modules: ['screens/funding/withdraw-record-screen'],
    drawer: true,
  },
  {
    path: '/pages/fundsDetail/stockFundsDetail',
    modules: ['screens/trade/stock-funds-screen'],
    drawer: true,
  },
  { path: '/pages/wallet/bankList', modules: ['screens/funding/bank-list-screen'], drawer: true },
  { path: '/pages/user/security', modules: ['screens/security/security-screen'], drawer: true },
  { path: '/pages/user/about', modules: ['screens/user/about-screen'], drawer: true },
  { path: '/pages/user/assets', modules: ['screens/mine/assets-screen'], from: '/pages/tabbar/mine' },
  { path: '/pages/robot/list', modules: ['screens/robot/robot-screens'], from: '/pages/tabbar/mine' },
];

/** The screen a queue key's files are for: its path without a `#part`. */
export const screenOf = (key: string): string => key.split('#')[0] as string;

import { session } from '../state/session';
import type { ScreenModule } from '../components/chunks/lazy-with-retry';
import { normalizedPath, page, type ScreenRoute } from './route-entry';
import { loadAiEntry, loadSpotFirstCalls, loadSpotPanel } from './screen-chunks';
import { openingTicket } from '../state/trade-ticket';
import {
  HOME_PATH,
  IPO_TAB_PATH,
  MARKETS_PATH,
  MINE_PATH,
  POSITION_PATH,
  START_PATH,
  TRADE_PATH,
} from '../paths/shell-paths';

// Signed in, Home shows the portfolio card and its AI row: chunks of their own that Home's module,
// then the card's, ask for as they run, two round trips after Home's own. Asked for with Home's,
// they come together; a guest's Home (the first load's budget) asks for neither.
// Home's own first: the browser fetches in the order asked, six at a time.
const withPortfolio = (load: () => Promise<ScreenModule>) => () => {
  const home = load();
  if (session.userToken !== '') {
    void import('../screens/tabbar/home-portfolio').catch(() => undefined);
    void loadAiEntry().catch(() => undefined);
  }
  return home;
};

// The Trade tab opens on a ticket from a chunk of its own (trade-screen.tsx's ready waits for it),
// asked for here with the tab's, not once the tab's own has arrived and run, a round trip later;
// the tab's small chunk first, as the browser fetches in the order asked, six at a time. Opening on
// spot (the default), the ticket's two answers leave now too, from a module a few small chunks
// deep, instead of after the ticket's ~60 chunks have arrived and rendered its skeleton. Two
// imports of one module are one request. The contract ticket, chosen by fewer, is asked for by the
// tab's ready(): a loader here is bytes on every first load (scripts/bundle-budget.mjs).
const loadTrade = () => {
  const screen = import('../screens/trade/trade-screen');
  const kind = openingTicket(location.search);
  if (kind === 'coin') {
    void loadSpotFirstCalls().then(
      (calls) => calls.askSpotEarly(),
      () => undefined,
    );
    void loadSpotPanel().catch(() => undefined);
  } else if (kind === 'stock') void import('../screens/trade/stock-side').catch(() => undefined);
  return screen;
};

/**
 * The routes of the first load (`/`, the splash, and Home where it goes next), the head of the
 * route table (table.ts). They ride with the entry; the rest of the table, ~100 loaders and their
 * chunk lists, loads as a chunk of its own when a screen outside these is asked for
 * (routes.ts), off the first load's budget (scripts/bundle-budget.mjs).
 */
export const FIRST_ROUTES: readonly ScreenRoute[] = [
  page('/', 'public', () => import('../screens/common/start-screen')),
  page(START_PATH, 'public', () => import('../screens/common/start-screen')),
  page(
    HOME_PATH,
    'public',
    withPortfolio(() => import('../screens/tabbar/home-screen')),
  ),
  // The tabs and the instrument screens Home links to: a tap on one asks for its chunk alone, not
  // for the route table's chunk first and the screen's a round trip later.
  page(IPO_TAB_PATH, 'public', () => import('../screens/ipo/ipo-tab-screen')),
  page(MARKETS_PATH, 'public', () => import('../screens/markets/markets-screen')),
  page(TRADE_PATH, 'account', loadTrade),
  page(MINE_PATH, 'public', () => import('../screens/mine/mine-screen')),
  page('/pages/stock/index', 'public', () => import('../screens/instrument/stock-screen')),
  page('/pages/coin/index', 'public', () => import('../screens/instrument/coin-screen')),
];

/**
 * Tab screens show the tab bar (SPEC §2), even before later work fills the tab. Positions is a
 * tab-level screen too (a `tabbar` path, reached from the Trade tab), shown under Trade's tab.
 */
export const TAB_PATHS = [
  HOME_PATH,
  IPO_TAB_PATH,
  MARKETS_PATH,
  TRADE_PATH,
  POSITION_PATH,
  MINE_PATH,
] as const;

export function isTabPath(pathname: string): boolean {
  return (TAB_PATHS as readonly string[]).includes(normalizedPath(pathname));
}

// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PREFETCHED_GLOBAL } from '../paths/preloaded-routes';
import { deliverPrivateEvents } from '../market/private-events';
import { askSpotEarly } from '../screens/contract/spot-first-calls';
import { removeStored, writeStored } from '../state/persisted';
import { clearUserInfo, setSession } from '../state/session';
import { keepTabsWarm } from './prefetch-data';

const API = `${location.origin}/ipxtrg-api`;
/** `METHOD path` of every request the server got. */
let asked: string[] = [];
const server = setupServer(
  http.all(`${API}/*`, ({ request }) => {
    asked.push(`${request.method} ${new URL(request.url).pathname.slice('/ipxtrg-api'.length)}`);
    return HttpResponse.json({ code: 0, msg: '', data: null });
  }),
);
const held = () => (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL] as Map<string, unknown>;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const signIn = () =>
  setSession({ userToken: 't', userTokenReal: 't', userTokenDemo: 'd', user: { id: '1' } }, 'real');
/** The spot ticket's first reads (src/screens/contract/spot-first-calls.ts). */
const SPOT = ['POST /coin/infos', 'POST /coin/assets'];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  asked = [];
  clearUserInfo();
  removeStored('systemTradeType');
  delete (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL];
});
afterAll(() => server.close());

describe("the tabs' first reads, kept for a tap", () => {
  it("asks every other tab's reads once, a guest's public ones only", async () => {
    history.replaceState(null, '', '/pages/tabbar/home');
    keepTabsWarm(() => true);
    keepTabsWarm(() => true);
    await settle();
    // Markets' stock page and indices, IPO's four lists; not Home's (open), nor Mine's (signed in only).
    expect(asked.filter((line) => line.includes('/index/list'))).toHaveLength(1);
    expect(asked.some((line) => line.includes('/stock/index/new/today'))).toBe(true);
    expect(asked.some((line) => line.includes('/hot'))).toBe(false);
    expect(asked.some((line) => line.includes('/user/'))).toBe(false);
    // The Trade tab is an account screen: a guest's tap opens login.
    expect(asked.some((line) => line.includes('/coin/'))).toBe(false);
    expect(held().size).toBe(asked.length);
  });

  it("signed in, keeps the spot ticket's pairs and wallet for a tap to Trade, as its own calls ask them", async () => {
    signIn();
    history.replaceState(null, '', '/pages/tabbar/home');
    keepTabsWarm(() => true);
    await settle();
    expect(asked.filter((line) => SPOT.includes(line)).sort()).toEqual([...SPOT].sort());
    const before = asked.length;
    // The tab's route loader asks them as it loads (first-routes.ts): it finds them held.
    askSpotEarly();
    await settle();
    expect(asked).toHaveLength(before);

    // Dropped with the rest on a private event: the wallet after a trade is not the one kept.
    deliverPrivateEvents([{ ch: 'orders', data: {} }]);
    expect(held().size).toBe(0);
    askSpotEarly();
    await settle();
    expect(asked.slice(before).sort()).toEqual([...SPOT].sort());
  });

  it('keeps nothing of the ticket when the tab opens on another, nor from the Trade tab itself', async () => {
    signIn();
    writeStored('systemTradeType', 'stock');
    history.replaceState(null, '', '/pages/tabbar/markets');
    keepTabsWarm(() => true);
    await settle();
    // Home's coin list is its own first read (/coin/infos); the coin wallet is the ticket's alone.
    expect(asked.some((line) => line.includes('/user/assets'))).toBe(true);
    expect(asked).not.toContain('POST /coin/assets');

    asked = [];
    removeStored('systemTradeType');
    delete (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL];
    history.replaceState(null, '', '/pages/tabbar/trade');
    keepTabsWarm(() => true);
    await settle();
    expect(asked.some((line) => line.includes('/user/assets'))).toBe(true);
    expect(asked).not.toContain('POST /coin/assets');
  });

  it('signed in, drops every kept answer on any private event or resync', async () => {
    signIn();
    history.replaceState(null, '', '/pages/tabbar/markets');
    keepTabsWarm(() => true);
    await settle();
    expect(asked.some((line) => line.includes('/user/assets'))).toBe(true);
    expect(held().size).toBeGreaterThan(0);
    deliverPrivateEvents([{ ch: 'balances', data: {} }]);
    expect(held().size).toBe(0);

    keepTabsWarm(() => true);
    await settle();
    expect(held().size).toBeGreaterThan(0);
    deliverPrivateEvents([{ ch: 'orders', resync: true }]);
    expect(held().size).toBe(0);
  });

  it('asks nothing for a tab the user may not open', async () => {
    history.replaceState(null, '', '/pages/tabbar/home');
    keepTabsWarm(() => false);
    await settle();
    expect(asked).toEqual([]);
  });
});

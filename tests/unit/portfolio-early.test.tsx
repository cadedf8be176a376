// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import { askPortfolioEarly, usePortfolio } from '../../src/components/portfolio/use-portfolio';
import { setMarketDataApi } from '../../src/market/client';
import { resetMarket } from '../../src/state/market';
import { setSession } from '../../src/state/session';
import { resetClientState } from '../support/client-state';
import { FakeMarketData } from '../support/fake-market-data';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
/** Each token's stock cash, so an answer shows whose it is. */
const CASH: Record<string, string> = { alice: '5000', bob: '70' };
const asked = { assets: [] as string[], positions: [] as string[] };
const server = setupServer(
  http.post(`${API}/user/assets`, ({ request }) => {
    const token = request.headers.get('accesstoken') ?? '';
    asked.assets.push(token);
    const cash = CASH[token] ?? '0';
    return ok({
      accountType: 'real',
      balances: [
        { wallet: 'stock', currency: 'TRY', available: cash, frozen: '0', locked: '0', total: cash },
      ],
    });
  }),
  http.post(`${API}/coin/contract/order/list/active`, ({ request }) => {
    asked.positions.push(request.headers.get('accesstoken') ?? '');
    return ok({ list: [] });
  }),
);

const signIn = (token: string) =>
  setSession(
    { userToken: token, userTokenReal: token, userTokenDemo: `${token}-demo`, user: { id: '7' } },
    'real',
  );

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetMarket();
  setMarketDataApi(new FakeMarketData());
  asked.assets = [];
  asked.positions = [];
});
afterEach(() => {
  cleanup();
  resetClientState();
});

/**
 * Home's card asks for its data as its code loads (askPortfolioEarly), before it renders: the
 * card then takes those answers instead of asking again, and only for the account they are for.
 */
describe('the portfolio asked for early', () => {
  it('is asked once: the card takes the early answers', async () => {
    signIn('alice');
    askPortfolioEarly();
    // Asked before the card renders (the point of asking early).
    await waitFor(() => expect(asked.assets).toEqual(['alice']));
    expect(asked.positions).toEqual(['alice']);
    const { result } = renderHook(() => usePortfolio(true));
    await waitFor(() => expect(result.current.value).not.toBeNull());
    expect(result.current.value?.totalTry).toBe('5000.00');
    expect(asked.assets).toEqual(['alice']);
    expect(asked.positions).toEqual(['alice']);
  });

  it('is not taken by another account: signed in as someone else since, the card asks anew', async () => {
    signIn('alice');
    askPortfolioEarly();
    signIn('bob');
    const { result } = renderHook(() => usePortfolio(true));
    await waitFor(() => expect(result.current.value).not.toBeNull());
    expect(result.current.value?.totalTry).toBe('70.00');
    expect(asked.assets.sort()).toEqual(['alice', 'bob']);
  });

  it('asks nothing for a guest', async () => {
    askPortfolioEarly();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.assets).toEqual([]);
    expect(asked.positions).toEqual([]);
  });
});

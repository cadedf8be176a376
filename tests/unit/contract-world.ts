import { cleanup } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { AccountDataApi } from '../../domain/market-data/contract';
import type { ContractPosition, ContractRules } from '../../domain/protocol/contracts';
import { setAccountDataApi, setMarketDataApi } from '../../src/market/client';
import { resetMarket } from '../../src/state/market';
import { resetPositions } from '../../src/state/positions';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_COIN_INFOS } from '../support/sample-market';
import { CONTRACT_RULES } from './contract-fixtures';

export const API = `${location.origin}/ipxtrg-api`;
export const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });

/** The worker's account half: notes the positions it is told to follow, and nothing else. */
export class FollowingAccount implements AccountDataApi {
  readonly followed: string[][] = [];
  authenticate(): void {}
  setContractPositions(list: { id: string }[]): void {
    this.followed.push(list.map((p) => p.id));
  }
}

type Wallet = { available: string; frozen: string; total: string };

/**
 * The contract ticket's world for client units. msw serves the coin infos, the contract rules
 * (`rules()`), a contract wallet (`wallet`, 1,000 USDT free unless said) and the open positions
 * (`active()`, read at each request), and `more` beside them. Before each test the market and
 * position state are new, with a fake market client and a `FollowingAccount`, and `reset` runs;
 * after each the screen is unmounted and the account client let go. The clients are the current
 * test's, read in tests and hooks; `server` takes a test's own answers (`server.use`).
 */
export function useContractWorld({
  rules = () => CONTRACT_RULES,
  wallet = { available: '1000', frozen: '0', total: '1000' },
  active = () => [],
  more = [],
  reset,
}: {
  rules?: () => ContractRules;
  wallet?: Wallet;
  active?: () => ContractPosition[];
  more?: HttpHandler[];
  reset?: () => void;
}): {
  readonly fake: FakeMarketData;
  readonly account: FollowingAccount;
  readonly server: ReturnType<typeof setupServer>;
} {
  const server = setupServer(
    http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
    http.post(`${API}/coin/contract/order/multiple`, () => ok(rules())),
    http.post(`${API}/coin/assets`, () =>
      ok({ coin: [], contract: { ...wallet, unrealizedPnl: '0' }, totalUsdt: wallet.total }),
    ),
    http.post(`${API}/coin/contract/order/list/active`, () => ok({ list: active() })),
    ...more,
  );
  const world = { fake: new FakeMarketData(), account: new FollowingAccount(), server };
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    resetMarket();
    resetPositions();
    world.fake = new FakeMarketData();
    world.account = new FollowingAccount();
    setMarketDataApi(world.fake);
    setAccountDataApi(world.account);
    reset?.();
  });
  afterEach(() => {
    cleanup();
    setAccountDataApi(null);
  });
  return world;
}

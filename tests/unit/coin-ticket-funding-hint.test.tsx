// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { AccountDataApi } from '../../domain/market-data/contract';
import '../../src/i18n/setup';
import { dropKeptAnswers } from '../../src/components/content/kept-answers';
import { setAccountDataApi, setMarketDataApi } from '../../src/market/client';
import AssetsRecordScreen from '../../src/screens/contract/assets-record-screen';
import ContractPanel from '../../src/screens/contract/contract-panel';
import SpotPanel from '../../src/screens/contract/spot-panel';
import { loadSpotRules } from '../../src/screens/contract/use-spot-rules';
import { account } from '../../src/state/account';
import { resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_COIN_INFOS } from '../support/sample-market';
import { CONTRACT_RULES } from './contract-fixtures';

/**
 * A signed-in user with nothing in the wallet a coin ticket spends from sees where money comes in:
 * the spot ticket (buying) points to the crypto deposit, the contract ticket to the transfer from
 * the crypto account. A note, not a block; with money there, nothing is said.
 */
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
let coinUsdt = '0';
let contractUsdt = '0';
const server = setupServer(
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/contract/order/multiple`, () => ok(CONTRACT_RULES)),
  http.post(`${API}/coin/assets`, () =>
    ok({
      coin: [{ currency: 'USDT', available: coinUsdt, frozen: '0', total: coinUsdt, valueUsdt: coinUsdt }],
      contract: { available: contractUsdt, frozen: '0', total: contractUsdt, unrealizedPnl: '0' },
      totalUsdt: '0',
    }),
  ),
  http.post(`${API}/coin/order/list`, () => ok({ list: [], total: 0, page: 1, size: 20 })),
  http.post(`${API}/coin/contract/order/list/active`, () => ok({ list: [] })),
  http.get(`${API}/user/tx/record`, () => ok({ list: [], total: 0, page: 1, size: 20 })),
);

class FakeAccount implements AccountDataApi {
  authenticate(): void {}
  setContractPositions(): void {}
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The ticket's rules (decimal.js) load after its first paint or at the first input; here up front,
// as on a page past its first paint (their first import in a worker takes seconds of transforms).
beforeAll(async () => {
  await loadSpotRules();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => {
  coinUsdt = '0';
  contractUsdt = '0';
  resetMarket();
  setMarketDataApi(new FakeMarketData());
  setAccountDataApi(new FakeAccount());
  setLanguage('tr-TR');
  account.profile = null;
});
afterEach(() => {
  cleanup();
  setAccountDataApi(null);
  window.history.replaceState(null, '', '/');
});

function open(Panel: () => React.ReactNode, search = ''): void {
  window.history.replaceState(null, '', `/pages/tabbar/trade${search}`);
  render(
    <Router>
      <Panel />
    </Router>,
  );
}

describe('the spot ticket with no USDT', () => {
  it('points a buyer to the crypto deposit', async () => {
    open(SpotPanel);
    const hint = await screen.findByTestId('spot-no-usdt');
    expect(hint.textContent).toContain(
      'Kripto hesabınızda kullanılabilir USDT yok. Almak için önce USDT yatırın.',
    );
    expect(screen.getByTestId('spot-no-usdt-link').getAttribute('href')).toBe(
      '/pages/recharge/cryptoRecharge',
    );
    expect(screen.getByTestId('spot-no-usdt-link').textContent).toBe('USDT yatır');
  });

  it('says nothing on the sell side, or with USDT to spend', async () => {
    open(SpotPanel, '?side=sell');
    await screen.findByTestId('spot-available');
    expect(screen.queryByTestId('spot-no-usdt')).toBeNull();
    cleanup();
    // Another wallet, not the same one seen again: nothing kept from the visit before.
    dropKeptAnswers();
    coinUsdt = '25.5';
    open(SpotPanel);
    await screen.findByTestId('spot-available');
    expect(screen.queryByTestId('spot-no-usdt')).toBeNull();
  });
});

describe('the contract ticket with no USDT in the contract account', () => {
  it('points to the transfer from the crypto account', async () => {
    coinUsdt = '1000';
    open(ContractPanel);
    const hint = await screen.findByTestId('ticket-no-usdt');
    expect(hint.textContent).toContain('Kontrat hesabınızda kullanılabilir USDT yok.');
    expect(screen.getByTestId('ticket-no-usdt-link').getAttribute('href')).toBe(
      '/pages/exchange/cryptoTransfer',
    );
  });

  it('says nothing with margin to spend', async () => {
    contractUsdt = '300';
    open(ContractPanel);
    await screen.findByTestId('ticket-available');
    expect(screen.queryByTestId('ticket-no-usdt')).toBeNull();
  });
});

describe('the crypto assets screen with no coins', () => {
  it('points to the crypto deposit', async () => {
    server.use(
      http.post(`${API}/coin/assets`, () =>
        ok({
          coin: [],
          contract: { available: '0', frozen: '0', total: '0', unrealizedPnl: '0' },
          totalUsdt: '0',
        }),
      ),
    );
    open(AssetsRecordScreen);
    const link = await screen.findByTestId('assets-deposit');
    expect(link.getAttribute('href')).toBe('/pages/recharge/cryptoRecharge');
    expect(link.textContent).toBe('USDT yatır');
    server.resetHandlers();
  });
});

describe('the crypto assets screen with every coin at zero', () => {
  it('points to the crypto deposit; with a coin held, it says nothing', async () => {
    open(AssetsRecordScreen);
    const hint = await screen.findByTestId('assets-no-coins');
    expect(screen.getByTestId('assets-no-coins-link').getAttribute('href')).toBe(
      '/pages/recharge/cryptoRecharge',
    );
    expect(hint.textContent).toContain('USDT yatır');
    cleanup();
    coinUsdt = '12';
    open(AssetsRecordScreen);
    await screen.findByTestId('coin-asset-USDT');
    expect(screen.queryByTestId('assets-no-coins')).toBeNull();
  });
});

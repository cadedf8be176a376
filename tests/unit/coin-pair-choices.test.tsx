// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { AccountDataApi } from '../../domain/market-data/contract';
import type { CoinInfo } from '../../domain/protocol/market';
import '../../src/i18n/setup';
import { setAccountDataApi, setMarketDataApi } from '../../src/market/client';
import ContractPanel from '../../src/screens/contract/contract-panel';
import SpotPanel from '../../src/screens/contract/spot-panel';
import { loadSpotRules } from '../../src/screens/contract/use-spot-rules';
import { tradablePairs } from '../../src/screens/contract/use-coin-pair';
import { account } from '../../src/state/account';
import { resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_COIN_INFOS } from '../support/sample-market';
import { CONTRACT_RULES } from './contract-fixtures';

/**
 * The coin tickets offer only the pairs the broker takes orders in (domain/rules/tradable): not
 * the USDT/TRY rate pair, not a coin sale's token before its listing date (PERA, an upcoming
 * sale, once showed on the spot ticket with a live price, refused only on the confirmation sheet).
 * A link to such a pair opens the default pair and says why.
 */
const DAY = 86_400_000;
const LISTED_AT = Date.now() - 7 * DAY;
const LISTS_AT = Date.now() + 3 * DAY;
const coin = (symbol: string, quote: string, listingAt?: number): CoinInfo => ({
  symbol,
  base: symbol.slice(0, -quote.length),
  quote,
  name: symbol,
  priceScale: 4,
  qtyScale: 0,
  minQty: '1',
  ...(listingAt === undefined ? {} : { listingAt }),
});
const INFOS: CoinInfo[] = [
  ...SAMPLE_COIN_INFOS,
  coin('USDTTRY', 'TRY'),
  coin('NOVAUSDT', 'USDT', LISTED_AT),
  coin('PERAUSDT', 'USDT', LISTS_AT),
];
const RULES = CONTRACT_RULES;

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const server = setupServer(
  http.post(`${API}/coin/infos`, () => ok({ list: INFOS })),
  http.post(`${API}/coin/contract/order/multiple`, () => ok(RULES)),
  http.post(`${API}/coin/assets`, () =>
    ok({
      coin: [{ currency: 'USDT', available: '1000', frozen: '0', total: '1000', valueUsdt: '1000' }],
      contract: { available: '1000', frozen: '0', total: '1000', unrealizedPnl: '0' },
      totalUsdt: '2000',
    }),
  ),
  http.post(`${API}/coin/order/list`, () => ok({ list: [], total: 0, page: 1, size: 20 })),
  http.post(`${API}/coin/contract/order/list/active`, () => ok({ list: [] })),
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
  resetMarket();
  setMarketDataApi(new FakeMarketData());
  setAccountDataApi(new FakeAccount());
  setLanguage('en-US');
  account.profile = null;
});
afterEach(() => {
  cleanup();
  setAccountDataApi(null);
  window.history.replaceState(null, '', '/');
});

const PANELS: [string, ComponentType][] = [
  ['spot', SpotPanel],
  ['contract', ContractPanel],
];

async function open(Panel: ComponentType, testId: string, search = ''): Promise<HTMLSelectElement> {
  window.history.replaceState(null, '', `/pages/tabbar/trade${search}`);
  render(
    <Router>
      <Panel />
    </Router>,
  );
  return screen.findByTestId<HTMLSelectElement>(`${testId}-pair`);
}

const offered = (select: HTMLSelectElement) => [...select.options].map((option) => option.value);

describe('tradablePairs', () => {
  it('keeps the USDT pairs and listed tokens, in the broker’s order', () => {
    expect(tradablePairs(INFOS, Date.now()).map((i) => i.symbol)).toEqual([
      ...SAMPLE_COIN_INFOS.map((i) => i.symbol),
      'NOVAUSDT',
    ]);
    // From its listing date the token is offered like any pair.
    expect(tradablePairs(INFOS, LISTS_AT).map((i) => i.symbol)).toContain('PERAUSDT');
  });
});

describe.each(PANELS)('the %s ticket’s pairs', (testId, Panel) => {
  it('offers BTC/USDT and a listed token, not USDT/TRY nor an upcoming coin sale’s token', async () => {
    const select = await open(Panel, testId);
    expect(select.value).toBe('BTCUSDT');
    expect(offered(select)).toContain('BTCUSDT');
    expect(offered(select)).toContain('NOVAUSDT');
    expect(offered(select)).not.toContain('PERAUSDT');
    expect(offered(select)).not.toContain('USDTTRY');
    expect(screen.queryByTestId(`${testId}-refused`)).toBeNull();
  });

  it('opens a link to a tradable pair on it', async () => {
    const select = await open(Panel, testId, '?symbol=NOVAUSDT');
    expect(select.value).toBe('NOVAUSDT');
    expect(screen.queryByTestId(`${testId}-refused`)).toBeNull();
  });

  it('opens a link to an upcoming token on BTC/USDT, with its listing date', async () => {
    const select = await open(Panel, testId, '?symbol=PERAUSDT');
    expect(select.value).toBe('BTCUSDT');
    expect(offered(select)).not.toContain('PERAUSDT');
    expect(screen.getByTestId(`${testId}-refused`).textContent).toMatch(
      /^PERA\/USDT opens for trading on \d\d\/\d\d\/\d{4}, .+\. This ticket shows BTC\/USDT\.$/,
    );
  });

  it('opens a link to a pair the broker does not list on BTC/USDT and says there is no such pair', async () => {
    const select = await open(Panel, testId, '?symbol=NOPEUSDT');
    expect(select.value).toBe('BTCUSDT');
    expect(screen.getByTestId(`${testId}-refused`).textContent).toBe(
      'There is no crypto pair called “NOPEUSDT”. This ticket shows BTC/USDT.',
    );
  });

  it('opens a link to USDT/TRY on BTC/USDT and says it is not traded here', async () => {
    const select = await open(Panel, testId, '?symbol=USDTTRY');
    expect(select.value).toBe('BTCUSDT');
    expect(screen.getByTestId(`${testId}-refused`).textContent).toBe(
      'USDT/TRY cannot be traded here. This ticket shows BTC/USDT.',
    );
  });
});

describe('in Turkish', () => {
  it('says the linked pair does not exist', async () => {
    setLanguage('tr-TR');
    await open(SpotPanel, 'spot', '?symbol=NOPEUSDT');
    await waitFor(() =>
      expect(screen.getByTestId('spot-refused').textContent).toBe(
        '“NOPEUSDT” sembolüyle bir kripto çifti yok. Bu emir ekranında BTC/USDT gösteriliyor.',
      ),
    );
  });

  it('says why the linked pair is not shown', async () => {
    setLanguage('tr-TR');
    await open(SpotPanel, 'spot', '?symbol=USDTTRY');
    await waitFor(() =>
      expect(screen.getByTestId('spot-refused').textContent).toBe(
        'USDT/TRY burada alınıp satılamaz. Bu emir ekranında BTC/USDT gösteriliyor.',
      ),
    );
  });
});

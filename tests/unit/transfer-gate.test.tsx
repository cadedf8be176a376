// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import TransferScreen from '../../src/screens/contract/transfer-screen';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { profile, renderAt } from './ipo-fixtures';
import { screenHooks } from '../support/screen-hooks';

/**
 * Without a transaction password the transfer was a bare "set a password first": nothing said
 * what it moves, between which accounts, what the user holds in each, or that it costs nothing.
 */
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const server = setupServer(
  http.post(`${API}/user/info`, () => ok(profile({ tradePasswordSet: false }))),
  http.post(`${API}/coin/assets`, () =>
    ok({
      coin: [
        { currency: 'USDT', available: '2500.129', frozen: '0', total: '2500.129', valueUsdt: '2500.12' },
      ],
      contract: { available: '0', frozen: '0', total: '0', unrealizedPnl: '0' },
      totalUsdt: '2500.12',
    }),
  ),
);

screenHooks(server, {
  reset: () => {
    setMarketDataApi(new FakeMarketData());
  },
});

describe('transfer without a transaction password', () => {
  it.each([
    ['tr-TR', 'Kripto hesabı', '2.500,12\u00a0USDT', 'Kontrat hesabı', '0,00\u00a0USDT', 'ücretsiz'],
    [
      'en-US',
      'Crypto account',
      '2,500.12\u00a0USDT',
      'Contract account',
      '0.00\u00a0USDT',
      'free and instant',
    ],
  ] as const)(
    '%s: says what the transfer does above the way to set the password',
    async (lang, ...expected) => {
      const [coinName, coinUsdt, contractName, contractUsdt, free] = expected;
      setLanguage(lang);
      renderAt('/pages/exchange/cryptoTransfer', TransferScreen);
      const gate = await screen.findByTestId('transfer-no-password');
      const coin = within(gate).getByTestId('transfer-gate-coin');
      expect(coin.textContent).toContain(coinName);
      expect(coin.textContent).toContain(coinUsdt);
      const contract = within(gate).getByTestId('transfer-gate-contract');
      expect(contract.textContent).toContain(contractName);
      expect(contract.textContent).toContain(contractUsdt);
      expect(gate.textContent).toContain(free);
      // The step comes after the explanation, and no form asks for what cannot be confirmed yet.
      const step = within(gate).getByTestId('transfer-set-password');
      expect(step.getAttribute('href')).toBe('/pages/user/tradePassword');
      expect(coin.compareDocumentPosition(step) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.queryByTestId('transfer-amount')).toBeNull();
    },
  );
});

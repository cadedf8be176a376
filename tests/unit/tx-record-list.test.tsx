// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TxRecord } from '../../domain/protocol/trading';
import '../../src/i18n';
import { TxRecordList } from '../../src/components/trade/tx-record-list';
import { setLanguage } from '../../src/state/prefs';

/**
 * The funds detail reads like a bank statement: a buy is one debit of its whole cost with the lots
 * bought, a deposit one credit, and internal references (operator funding ids) never show.
 */
const API = `${location.origin}/ipxtrg-api`;
const base = { memo: '', wallet: 'stock', t: Date.UTC(2026, 10, 23, 9, 0) } as const;
const rows: TxRecord[] = [
  {
    ...base,
    id: '9-stock-THYAO',
    transactionId: '9',
    reason: 'fill',
    referenceType: 'spot_order',
    referenceId: '41',
    currency: 'THYAO',
    amount: '10',
    available: '10',
    frozen: '0',
    side: 'buy',
    symbol: 'THYAO',
    fees: null,
  },
  {
    ...base,
    id: '9-stock-TRY',
    transactionId: '9',
    reason: 'fill',
    referenceType: 'spot_order',
    referenceId: '41',
    currency: 'TRY',
    // The hold of 3,213 is spent (3,197.08) and the rest released: the user's TRY fell by 3,197.08.
    amount: '-3197.08',
    available: '15.92',
    frozen: '-3213',
    side: 'buy',
    symbol: 'THYAO',
    fees: '4.78',
  },
  {
    ...base,
    id: '2-stock-TRY',
    transactionId: '2',
    reason: 'sandbox_funding',
    referenceType: 'operator',
    referenceId: 'fund-d89aa0c1e2',
    currency: 'TRY',
    amount: '100000',
    available: '100000',
    frozen: '0',
    side: null,
    symbol: null,
    fees: null,
  },
  {
    ...base,
    id: '12-stock-TRY',
    transactionId: '12',
    reason: 'ipo_payment',
    referenceType: 'ipo_application',
    referenceId: '5',
    memo: 'MRYEN 10 lot',
    currency: 'TRY',
    amount: '-272.44',
    available: '-272.44',
    frozen: '0',
    side: null,
    symbol: null,
    fees: null,
  },
];
const server = setupServer(
  http.get(`${API}/user/tx/record`, () =>
    HttpResponse.json({ code: 0, msg: '', data: { list: rows, total: rows.length, page: 1, size: 20 } }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => cleanup());

describe('funds detail as a statement', () => {
  it.each([
    [
      'tr-TR',
      'Alış THYAO',
      '10 adet',
      '-3.197,08 TRY',
      '4,78',
      'Para yatırma (operatör)',
      '+100.000,00 TRY',
      'Halka arz ödemesi',
    ],
    [
      'en-US',
      'Buy THYAO',
      '10 shares',
      '-3,197.08 TRY',
      '4.78',
      'Deposit (operator)',
      '+100,000.00 TRY',
      'IPO payment',
    ],
  ] as const)('%s: one line per movement, signed and coloured, no internal ids', async (...expected) => {
    const [lang, title, qty, debit, fees, deposit, credit, ipoPayment] = expected;
    setLanguage(lang);
    render(<TxRecordList wallet="stock" empty={<p>empty</p>} />);
    const lines = await screen.findAllByTestId('tx-line');
    expect(lines).toHaveLength(3);
    const [buy, funding, payment] = lines as [HTMLElement, HTMLElement, HTMLElement];
    // A product's movement is named in words, not by its memo.
    expect(payment.textContent).toContain(ipoPayment);
    expect(buy.textContent).toContain(title);
    expect(within(buy).getByTestId('tx-qty').textContent?.trim()).toBe(qty);
    const amount = within(buy).getByTestId('tx-available');
    expect(amount.textContent?.replace(/\u2212/g, '-')).toBe(debit);
    expect(amount.className).not.toContain('tone-up');
    expect(within(buy).getByTestId('tx-fees').textContent).toContain(fees);
    expect(buy.textContent).toContain('#41');
    expect(funding.textContent).toContain(deposit);
    const plus = within(funding).getByTestId('tx-available');
    expect(plus.textContent).toBe(credit);
    expect(plus.className).toContain('tone-up');
    expect(funding.textContent).not.toMatch(/fund-|Operat[oö]r #/);
  });
});

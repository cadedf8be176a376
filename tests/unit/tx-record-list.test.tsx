// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import Decimal from 'decimal.js';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TxRecord } from '../../domain/protocol/trading';
import '../../src/i18n/setup';
import { TxRecordList } from '../../src/components/trade/tx-record-list';
import { setLanguage } from '../../src/state/prefs';
import { ROOT } from '../support/process';

/**
 * The funds detail reads like a bank statement: a buy is one debit of its whole cost with the lots
 * bought, a deposit one credit, and internal references (operator funding ids) never show.
 */
const API = `${location.origin}/ipxtrg-api`;
const base = {
  memo: '',
  wallet: 'stock',
  t: Date.UTC(2026, 10, 23, 9, 0),
  balance: { available: '0', frozen: '0', total: '0' },
} as const;
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
      '-₺3.197,08',
      '4,78',
      'Para yatırma (operatör)',
      '+₺100.000,00',
      'Halka arz ödemesi',
    ],
    [
      'en-US',
      'Buy THYAO',
      '10 shares',
      '-₺3,197.08',
      '4.78',
      'Deposit (operator)',
      '+₺100,000.00',
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
    // The quantity is one unit (nowrap), its space before it outside: the title can still wrap.
    expect(within(buy).getByTestId('tx-qty').textContent).toBe(qty);
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

/**
 * Every booking reads as words by its reason (never the ledger's internal English memo), and a
 * hold shows the amount it moved from available into frozen, not a bare zero (not "loan
 * repayment 1", "VIP 30d", "Para çekme (bloke) 0,00 TRY").
 */
const hold = (id: string, reason: string, referenceType: string, memo: string, sum: string): TxRecord => ({
  ...base,
  id: `${id}-stock-TRY`,
  transactionId: id,
  reason,
  referenceType,
  referenceId: id,
  memo,
  currency: 'TRY',
  amount: '0',
  available: sum,
  frozen: new Decimal(sum).neg().toFixed(),
  side: null,
  symbol: null,
  fees: null,
});
const moved = (id: string, reason: string, referenceType: string, memo: string, sum: string): TxRecord => ({
  ...hold(id, reason, referenceType, memo, sum),
  amount: sum,
  frozen: '0',
});
const bookings: TxRecord[] = [
  hold('30', 'loan_repay_hold', 'loan_repayment', 'loan repayment 1', '-2015'),
  moved('29', 'loan_disburse', 'loan', 'loan 1 disbursed', '10000'),
  moved('28', 'vip_purchase', 'vip_purchase', 'VIP 30d', '-99.9'),
  hold('27', 'withdrawal_hold', 'withdrawal', 'TRY → bank', '-400'),
  hold('26', 'ipo_hold', 'ipo_application', 'EGEGD 10 lot', '-637.5'),
  hold('25', 'withdrawal_release', 'withdrawal', 'TRY → bank', '400'),
  moved('24', 'something_new', 'loan', 'loan 1 something', '-1'),
  moved('23', 'something_else', 'internal_thing', 'raw memo', '-2'),
];

describe('funds detail: words and holds', () => {
  it.each([
    [
      'tr-TR',
      [
        [
          'Kredi geri ödemesi (bloke)',
          'Bloke ₺2.015,00',
          'Kullanılabilir bakiyeden blokeye alındı; hesabınızdan çıkmadı',
        ],
        ['Kredi hesabınıza geçti', '+₺10.000,00', null],
        ['VIP üyelik', '-₺99,90', null],
        [
          'Para çekme (bloke)',
          'Bloke ₺400,00',
          'Kullanılabilir bakiyeden blokeye alındı; hesabınızdan çıkmadı',
        ],
        [
          'Halka arz talebi (bloke)',
          'Bloke ₺637,50',
          'Kullanılabilir bakiyeden blokeye alındı; hesabınızdan çıkmadı',
        ],
        ['Para çekme yapılmadı', 'Bloke çözüldü ₺400,00', 'Blokeden kullanılabilir bakiyeye döndü'],
        ['Kredi', '-₺1,00', null],
        ['Hareket', '-₺2,00', null],
      ],
    ],
    [
      'en-US',
      [
        [
          'Loan repayment (held)',
          'Held ₺2,015.00',
          'Moved from available to frozen; it has not left your account',
        ],
        ['Loan paid out', '+₺10,000.00', null],
        ['VIP membership', '-₺99.90', null],
        ['Withdrawal (held)', 'Held ₺400.00', 'Moved from available to frozen; it has not left your account'],
        [
          'IPO application (held)',
          'Held ₺637.50',
          'Moved from available to frozen; it has not left your account',
        ],
        ['Withdrawal not made', 'Released ₺400.00', 'Moved from frozen back to available'],
        ['Loan', '-₺1.00', null],
        ['Booking', '-₺2.00', null],
      ],
    ],
  ] as const)('%s', async (lang, expected) => {
    server.use(
      http.get(`${API}/user/tx/record`, () =>
        HttpResponse.json({
          code: 0,
          msg: '',
          data: { list: bookings, total: bookings.length, page: 1, size: 20 },
        }),
      ),
    );
    setLanguage(lang);
    render(<TxRecordList wallet="stock" empty={<p>empty</p>} />);
    const lines = await screen.findAllByTestId('tx-line');
    expect(lines).toHaveLength(expected.length);
    lines.forEach((line, i) => {
      const [title, amount, note] = expected[i]!;
      expect(line.querySelector('.tx-line__title')?.textContent).toBe(title);
      const shown = within(line).getByTestId('tx-available');
      expect(shown.textContent?.replace(/\u2212/g, '-')).toBe(amount);
      if (note) {
        expect(within(line).getByTestId('tx-held').textContent).toContain(note);
        // Holds and releases are not income: never green.
        expect(shown.className).not.toContain('tone-up');
      } else expect(within(line).queryByTestId('tx-held')).toBeNull();
      expect(line.textContent).not.toMatch(/loan repayment|disbursed|VIP 30d|raw memo|→ bank|EGEGD 10 lot/);
    });
    server.resetHandlers();
  });
});

/**
 * Statements as they once read: an IPO's hold and then its allotment read "−27.644,30" twice (the rows
 * added up to ₺48.211 while the balance was ₺76.855), and a coin sale commitment read as money
 * gone. A hold is still the user's money: it reads "Bloke …", unsigned, and the one debit is the
 * allotment's charge, so the signed amounts add up to what the wallet holds.
 */
describe('funds detail: a hold is not a debit, its charge is', () => {
  const at = (id: string, over: Partial<Omit<TxRecord, 'balance'>>): TxRecord => ({
    ...base,
    id: `${id}-${over.wallet ?? 'stock'}-${over.currency ?? 'TRY'}`,
    transactionId: id,
    reason: 'deposit',
    referenceType: 'deposit',
    referenceId: id,
    currency: 'TRY',
    amount: '0',
    available: '0',
    frozen: '0',
    side: null,
    symbol: null,
    fees: null,
    ...over,
  });
  const statements = {
    stock: {
      rows: [
        at('44', {
          reason: 'ipo_listing',
          referenceType: 'ipo_application',
          currency: 'EGEGD',
          amount: '1500',
          available: '1500',
        }),
        at('43', {
          reason: 'ipo_allotment',
          referenceType: 'ipo_application',
          amount: '-27644.3',
          frozen: '-27644.3',
        }),
        at('42', {
          reason: 'ipo_hold',
          referenceType: 'ipo_application',
          available: '-27644.3',
          frozen: '27644.3',
        }),
        at('41', { amount: '104499.3', available: '104499.3' }),
      ],
      balance: '76855',
      held: { 'tr-TR': 'Bloke ₺27.644,30', 'en-US': 'Held ₺27,644.30' },
    },
    coin: {
      rows: [
        at('52', {
          wallet: 'coin',
          currency: 'USDT',
          reason: 'ico_hold',
          referenceType: 'ico_commitment',
          available: '-1234.5',
          frozen: '1234.5',
        }),
        at('51', { wallet: 'coin', currency: 'USDT', amount: '5000', available: '5000' }),
      ],
      balance: '5000',
      held: { 'tr-TR': 'Bloke 1.234,50\u00a0USDT', 'en-US': 'Held 1,234.50\u00a0USDT' },
    },
  } as const;
  it.each([
    ['tr-TR', 'stock'],
    ['en-US', 'stock'],
    ['tr-TR', 'coin'],
    ['en-US', 'coin'],
  ] as const)('%s, %s wallet', async (lang, wallet) => {
    const statement = statements[wallet];
    server.use(
      http.get(`${API}/user/tx/record`, () =>
        HttpResponse.json({
          code: 0,
          msg: '',
          data: { list: statement.rows, total: statement.rows.length, page: 1, size: 20 },
        }),
      ),
    );
    setLanguage(lang);
    render(<TxRecordList wallet={wallet} empty={<p>empty</p>} />);
    const lines = await screen.findAllByTestId('tx-line');
    const hold = lines.find((line) => /_hold$/.test(line.dataset.reason ?? ''))!;
    const shown = within(hold).getByTestId('tx-available').textContent ?? '';
    expect(shown).toBe(statement.held[lang]);
    expect(shown).not.toMatch(/[-−+]/);
    // What a user adds up: every signed cash amount on the statement comes to the balance.
    const cash = wallet === 'stock' ? 'TRY' : 'USDT';
    const signed = lines
      .filter((line) => line.dataset.currency === cash)
      .map((line) => within(line).getByTestId('tx-available').textContent ?? '')
      .filter((text) => /^[-−+]/.test(text))
      .map((text) => {
        const digits = text
          .replace(/\u2212/g, '-')
          .replace('₺', '')
          .replace(/\s[A-Z]+$/, '');
        return lang === 'tr-TR' ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
      });
    expect(signed.reduce((sum, x) => sum.plus(x), new Decimal(0)).toFixed()).toBe(statement.balance);
    server.resetHandlers();
  });
});

describe('funds detail: margin added to a position', () => {
  const added: TxRecord = {
    ...base,
    wallet: 'contract',
    id: '31-contract-USDT',
    transactionId: '31',
    reason: 'contract_margin',
    referenceType: 'contract_position',
    referenceId: '7',
    currency: 'USDT',
    amount: '0',
    available: '-50',
    frozen: '50',
    side: null,
    symbol: null,
    fees: null,
  };
  it.each([
    ['tr-TR', '-50,00\u00a0USDT', 'Pozisyona ayrılan teminat'],
    ['en-US', '-50.00\u00a0USDT', 'Margin moved into the position'],
  ] as const)('%s shows what left the available balance, not 0,00', async (lang, amount, note) => {
    server.use(
      http.get(`${API}/user/tx/record`, () =>
        HttpResponse.json({ code: 0, msg: '', data: { list: [added], total: 1, page: 1, size: 20 } }),
      ),
    );
    setLanguage(lang);
    render(<TxRecordList wallet="contract" empty={<p>empty</p>} />);
    const [line] = await screen.findAllByTestId('tx-line');
    const shown = within(line!).getByTestId('tx-available');
    expect(shown.textContent?.replace(/\u2212/g, '-')).toBe(amount);
    expect(shown.className).not.toContain('tone-up');
    expect(line!.textContent).toContain(note);
    server.resetHandlers();
  });
});

describe('funds detail: a conversion shows its fee', () => {
  // 0.01 BTC into ETH: the fee withheld from the ETH paid out is on the ETH row (the broker's
  // /user/tx/record, tests/server/exchange.test.ts); the coin wallet's line has no cash row.
  const leg = (currency: string, amount: string, fees: string | null): TxRecord => ({
    ...base,
    wallet: 'coin',
    id: `40-coin-${currency}`,
    transactionId: '40',
    reason: 'exchange',
    referenceType: 'exchange',
    referenceId: 'q1',
    currency,
    amount,
    available: amount,
    frozen: '0',
    side: null,
    symbol: null,
    fees,
  });
  it.each([
    ['tr-TR', '0,00018412\u00a0ETH'],
    ['en-US', '0.00018412\u00a0ETH'],
  ] as const)('%s: "costs included" in the coin received', async (lang, fee) => {
    const list = [leg('BTC', '-0.01', null), leg('ETH', '0.18393588', '0.00018412')];
    server.use(
      http.get(`${API}/user/tx/record`, () =>
        HttpResponse.json({ code: 0, msg: '', data: { list, total: 2, page: 1, size: 20 } }),
      ),
    );
    setLanguage(lang);
    render(<TxRecordList wallet="coin" empty={<p>empty</p>} />);
    const [line] = await screen.findAllByTestId('tx-line');
    expect(within(line!).getByTestId('tx-fees').textContent).toBe(fee);
    server.resetHandlers();
  });
});

/** Every reason the server books with has words in both languages (a new one must add them). */
describe('ledger reasons have labels', () => {
  const serverFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? serverFiles(path.join(dir, e.name))
        : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
          ? [path.join(dir, e.name)]
          : [],
    );
  const reasons = new Set<string>();
  for (const file of serverFiles(path.join(ROOT, 'server'))) {
    const text = readFileSync(file, 'utf8');
    // Postings: `reason: 'ipo_hold'`, `…_REASON = 'vip_purchase'`, `…_REASONS = { a: 'x', … }`,
    // withdrawalMeta(move, 'withdrawal_hold') and the contract close table.
    if (!/postTransaction|freeze\(|unfreeze\(|LEDGER_REASON|_REASONS?\s*=/.test(text)) continue;
    for (const m of text.matchAll(/\breason:\s*([^,\n]+)/g))
      for (const v of m[1]!.matchAll(/'([a-z_]+)'/g)) reasons.add(v[1]!);
    for (const m of text.matchAll(/_REASON\s*=\s*'([a-z_]+)'/g)) reasons.add(m[1]!);
    for (const m of text.matchAll(/_REASONS?(?::[^=]+)?\s*=\s*\{([^}]*)\}/g))
      for (const v of m[1]!.matchAll(/:\s*'([a-z_]+)'/g)) reasons.add(v[1]!);
    for (const m of text.matchAll(/withdrawalMeta\(move,\s*'([a-z_]+)'\)/g)) reasons.add(m[1]!);
  }
  // Not ledger reasons: order finishes, the kinds a table maps to a reason, a ternary's operand.
  for (const notLedger of [
    'no_liquidity',
    'expired',
    'user',
    'settle',
    'close',
    'buy',
    'add',
    'redeem',
    'available',
  ])
    reasons.delete(notLedger);

  it.each(['tr-TR', 'en-US'])('%s', (lang) => {
    const labels = (
      JSON.parse(readFileSync(path.join(ROOT, 'locales', lang, 'trade.json'), 'utf8')) as {
        tx_reason: Record<string, string>;
      }
    ).tx_reason;
    expect(reasons.size).toBeGreaterThan(30);
    for (const must of ['loan_repay_hold', 'loan_disburse', 'vip_purchase', 'withdrawal_hold', 'ipo_hold'])
      expect(reasons).toContain(must);
    expect([...reasons].filter((r) => !(r in labels))).toEqual([]);
  });
});

/**
 * A new user's contract statement: +60 transferred in, a position opened (fee
 * 0.09958253) and closed (−0.27544455), balance 59.62497292. USDT is booked to 8 places; a line
 * shows the display decimals (2, truncated as everywhere), and its detail the booked amount, so
 * the statement read in full adds up to the balance to the last decimal.
 */
describe('funds detail: a contract statement adds up to the balance', () => {
  const contract = (id: string, over: Partial<Omit<TxRecord, 'balance'>>, total: string): TxRecord => ({
    ...base,
    wallet: 'contract',
    id: `${id}-contract-USDT`,
    transactionId: id,
    reason: 'transfer',
    referenceType: 'transfer',
    referenceId: id,
    currency: 'USDT',
    amount: '0',
    available: '0',
    frozen: '0',
    side: null,
    symbol: null,
    fees: null,
    ...over,
    balance: { available: total, frozen: '0', total },
  });
  const statement: TxRecord[] = [
    contract(
      '63',
      {
        reason: 'contract_close',
        referenceType: 'contract_position',
        amount: '-0.27544455',
        available: '19.64106045',
        frozen: '-19.916505',
      },
      '59.62497292',
    ),
    contract(
      '62',
      {
        reason: 'contract_open',
        referenceType: 'contract_position',
        amount: '-0.09958253',
        available: '-20.01608753',
        frozen: '19.916505',
      },
      '59.90041747',
    ),
    contract('61', { amount: '60', available: '60' }, '60'),
  ];
  const nb = '\u00a0';
  const plain = (lang: string, text: string) => {
    const digits = text.replace(/\u2212/g, '-').replace(/\s?USDT$/, '');
    return lang === 'tr-TR' ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  };
  it.each([
    [
      'tr-TR',
      [`-0,27${nb}USDT`, `-0,09${nb}USDT`, `+60,00${nb}USDT`],
      [`-0,27544455${nb}USDT`, `-0,09958253${nb}USDT`, `+60,00${nb}USDT`],
      `19,91${nb}USDT`,
      `59,62${nb}USDT`,
    ],
    [
      'en-US',
      [`-0.27${nb}USDT`, `-0.09${nb}USDT`, `+60.00${nb}USDT`],
      [`-0.27544455${nb}USDT`, `-0.09958253${nb}USDT`, `+60.00${nb}USDT`],
      `19.91${nb}USDT`,
      `59.62${nb}USDT`,
    ],
  ] as const)('%s', async (lang, amounts, exact, margin, balance) => {
    server.use(
      http.get(`${API}/user/tx/record`, () =>
        HttpResponse.json({ code: 0, msg: '', data: { list: statement, total: 3, page: 1, size: 20 } }),
      ),
    );
    setLanguage(lang);
    render(<TxRecordList wallet="contract" empty={<p>empty</p>} />);
    const lines = await screen.findAllByTestId('tx-line');
    const shown = lines.map((line) =>
      (within(line).getByTestId('tx-available').textContent ?? '').replace(/\u2212/g, '-'),
    );
    // The lines: the currency's display decimals, truncated, like every other USDT figure.
    expect(shown).toEqual(amounts);
    expect(within(lines[0]!).getByTestId('tx-frozen').textContent).toBe(margin);
    expect(within(lines[0]!).getByTestId('tx-balance').textContent).toBe(balance);
    // Nothing booked is hidden: each line opens its exact amounts, and those add up.
    expect(screen.queryByTestId('tx-exact')).toBeNull();
    for (const line of lines) fireEvent.click(within(line).getByTestId('tx-toggle'));
    const opened = lines.map((line) =>
      (within(line).getByTestId('tx-exact-amount').textContent ?? '').replace(/\u2212/g, '-'),
    );
    expect(opened).toEqual(exact);
    expect(within(lines[0]!).getByTestId('tx-toggle').getAttribute('aria-expanded')).toBe('true');
    expect(within(lines[0]!).getByTestId('tx-exact-balance').textContent).toBe(
      lang === 'tr-TR' ? `59,62497292${nb}USDT` : `59.62497292${nb}USDT`,
    );
    expect(within(lines[0]!).getByTestId('tx-exact-margin').textContent).toBe(
      lang === 'tr-TR' ? `19,916505${nb}USDT` : `19.916505${nb}USDT`,
    );
    const sum = opened.map((text) => plain(lang, text)).reduce((total, x) => total.plus(x), new Decimal(0));
    expect(sum.toFixed()).toBe('59.62497292');
    // Tapped again, the line closes.
    fireEvent.click(within(lines[0]!).getByTestId('tx-toggle'));
    expect(within(lines[0]!).queryByTestId('tx-exact')).toBeNull();
    server.resetHandlers();
  });
});

/**
 * An order's hold is a line of its own (once a fill released a hold the statement hid, so
 * its columns added up to nothing the wallet showed), named by its order, unsigned, and every
 * line shows the balance after it.
 */
describe('funds detail: an order hold and the balance after each line', () => {
  const order = (id: string, reason: string, over: Partial<Omit<TxRecord, 'balance'>>, total: string) => ({
    ...base,
    id: `${id}-stock-TRY`,
    transactionId: id,
    reason,
    referenceType: 'spot_order',
    referenceId: '5',
    currency: 'TRY',
    amount: '0',
    available: '0',
    frozen: '0',
    side: 'buy' as const,
    symbol: 'THYAO',
    fees: null,
    ...over,
    balance: { available: total, frozen: '0', total },
  });
  it.each([
    ['tr-TR', 'Alış THYAO emri', 'Bloke ₺510,83', 'Bakiye₺3.404,94'],
    ['en-US', 'Buy THYAO order', 'Held ₺510.83', 'Balance₺3,404.94'],
  ] as const)('%s', async (lang, title, held, balance) => {
    const list = [order('51', 'order_freeze', { available: '-510.83', frozen: '510.83' }, '3404.94')];
    server.use(
      http.get(`${API}/user/tx/record`, () =>
        HttpResponse.json({ code: 0, msg: '', data: { list, total: 1, page: 1, size: 20 } }),
      ),
    );
    setLanguage(lang);
    render(<TxRecordList wallet="stock" empty={<p>empty</p>} />);
    const [line] = await screen.findAllByTestId('tx-line');
    expect(line?.textContent).toContain(title);
    expect(within(line!).getByTestId('tx-available').textContent).toBe(held);
    expect(within(line!).getByTestId('tx-balance').parentElement?.textContent).toBe(balance);
  });
});

import { describe, expect, it } from 'vitest';
import { assetsAnswerSchema } from './account';
import { parseAssetsAnswer } from './assets-parse';

const tryCash = {
  wallet: 'stock',
  currency: 'TRY',
  available: '1000',
  frozen: '50',
  locked: '0',
  total: '1050',
};
const shares = { wallet: 'stock', currency: 'THYAO', available: '10', frozen: '0', locked: '5', total: '15' };
const usdt = { wallet: 'coin', currency: 'USDT', available: '20.5', frozen: '0', locked: '0', total: '20.5' };
const margin = {
  wallet: 'contract',
  currency: 'USDT',
  available: '100',
  frozen: '0',
  locked: '0',
  total: '100',
};
const product = { product: 'ai', currency: 'TRY', value: '2500', count: 2 };
const trade = { wallet: 'stock', currency: 'THYAO', qty: '5', cost: '1500.25' };
const cash = { wallet: 'contract', currency: 'USDT', pnl: '-1.5', flows: '100' };
const loan = { currency: 'TRY', owed: '10000', interest: '12.5', count: 1 };
const paper = {
  wallet: 'stock',
  currency: 'TRY',
  paper: '120',
  realistic: '100',
  slippage: '8',
  fees: '7',
  taxes: '3',
  queue: '2',
  fills: 4,
  priced: 3,
};
const full = {
  accountType: 'real',
  balances: [tryCash, shares, usdt, margin],
  products: [product, { ...product, product: 'ico', currency: 'USDT', count: 0 }],
  today: [trade, { ...trade, wallet: 'coin', currency: 'BTC', qty: '-0.1', cost: '-4800' }],
  todayCash: [cash, { ...cash, wallet: 'stock', currency: 'TRY', pnl: '0', flows: '-200' }],
  openPnlRef: '3.75',
  loanDebt: loan,
  realistic: [paper, { ...paper, wallet: 'contract', currency: 'USDT' }],
};
const bare = { accountType: 'demo', balances: [] };

const VALID = [
  full,
  bare,
  { ...bare, products: [], today: [], todayCash: [], realistic: [] },
  { ...bare, openPnlRef: null, realistic: null },
  { ...full, extra: 1, balances: [{ ...usdt, extra: 'dropped' }], loanDebt: { ...loan, extra: true } },
  { ...full, products: [{ ...product, count: -1, extra: 0 }], realistic: [{ ...paper, extra: [] }] },
  // Older answers: no `locked` (read as '0'), nor any of the day's parts.
  {
    accountType: 'real',
    balances: [{ wallet: 'coin', currency: 'BTC', available: '1', frozen: '0', total: '1' }],
  },
  { ...bare, balances: [{ ...usdt, locked: undefined }], products: undefined, openPnlRef: undefined },
];

const INVALID = [
  null,
  [],
  'x',
  1,
  {},
  { balances: [] },
  { accountType: 'demo' },
  { ...bare, accountType: 'paper' },
  { ...bare, accountType: null },
  { ...bare, balances: null },
  { ...bare, balances: {} },
  { ...bare, balances: [null] },
  { ...bare, balances: [[]] },
  { ...bare, balances: [{ ...usdt, wallet: 'savings' }] },
  { ...bare, balances: [{ ...usdt, wallet: undefined }] },
  { ...bare, balances: [{ ...usdt, currency: 1 }] },
  { ...bare, balances: [{ ...usdt, available: 20.5 }] },
  { ...bare, balances: [{ ...usdt, frozen: null }] },
  { ...bare, balances: [{ ...usdt, total: undefined }] },
  { ...bare, balances: [{ ...usdt, locked: null }] },
  { ...bare, balances: [{ ...usdt, locked: 0 }] },
  { ...bare, balances: [usdt, { ...margin, available: undefined }] },
  { ...bare, products: null },
  { ...bare, products: [{ ...product, product: 'fund' }] },
  { ...bare, products: [{ ...product, currency: 'EUR' }] },
  { ...bare, products: [{ ...product, value: 2500 }] },
  { ...bare, products: [{ ...product, count: 1.5 }] },
  { ...bare, products: [{ ...product, count: '2' }] },
  { ...bare, products: [{ ...product, count: 2 ** 53 }] },
  { ...bare, today: null },
  { ...bare, today: [{ ...trade, wallet: 'contract' }] },
  { ...bare, today: [{ ...trade, qty: 5 }] },
  { ...bare, today: [{ ...trade, cost: undefined }] },
  { ...bare, todayCash: {} },
  { ...bare, todayCash: [{ ...cash, wallet: 'loan' }] },
  { ...bare, todayCash: [{ ...cash, pnl: null }] },
  { ...bare, todayCash: [{ ...cash, flows: -1 }] },
  { ...bare, openPnlRef: 3.75 },
  { ...bare, openPnlRef: {} },
  { ...bare, loanDebt: null },
  { ...bare, loanDebt: [] },
  { ...bare, loanDebt: { ...loan, currency: 'USDT' } },
  { ...bare, loanDebt: { ...loan, owed: 10000 } },
  { ...bare, loanDebt: { ...loan, interest: undefined } },
  { ...bare, loanDebt: { ...loan, count: null } },
  { ...bare, realistic: {} },
  { ...bare, realistic: [null] },
  { ...bare, realistic: [{ ...paper, wallet: 'loan' }] },
  { ...bare, realistic: [{ ...paper, queue: undefined }] },
  { ...bare, realistic: [{ ...paper, taxes: 3 }] },
  { ...bare, realistic: [{ ...paper, fills: 4.5 }] },
  { ...bare, realistic: [{ ...paper, priced: undefined }] },
];

describe('parseAssetsAnswer', () => {
  it('reads an older balance without `locked` as 0 locked, and drops unknown fields', () => {
    const answer = {
      accountType: 'real',
      balances: [
        { wallet: 'stock', currency: 'TRY', available: '7.5', frozen: '2.5', total: '10', note: 'x' },
      ],
      kept: false,
    };
    expect(parseAssetsAnswer(answer)).toStrictEqual({
      accountType: 'real',
      balances: [
        { wallet: 'stock', currency: 'TRY', available: '7.5', frozen: '2.5', locked: '0', total: '10' },
      ],
    });
  });

  it('keeps a realistic figure that could not be read (null) apart from one never sent', () => {
    expect(parseAssetsAnswer({ ...bare, realistic: null })).toStrictEqual({ ...bare, realistic: null });
    expect(parseAssetsAnswer(bare)).not.toHaveProperty('realistic');
  });

  it('names the field it refuses', () => {
    expect(() => parseAssetsAnswer({ ...bare, balances: [usdt, { ...margin, total: 100 }] })).toThrow(
      'assets.balances[1].total is not a string',
    );
    expect(() => parseAssetsAnswer({ ...bare, loanDebt: { ...loan, currency: 'USDT' } })).toThrow(
      'assets.loanDebt.currency is not TRY',
    );
  });
});

describe('parseAssetsAnswer agrees with assetsAnswerSchema', () => {
  it.each(VALID)('accepts %j as the schema does', (answer) => {
    expect(parseAssetsAnswer(answer)).toEqual(assetsAnswerSchema.parse(answer));
  });
  it.each(INVALID)('refuses %j as the schema does', (answer) => {
    expect(assetsAnswerSchema.safeParse(answer).success).toBe(false);
    expect(() => parseAssetsAnswer(answer)).toThrow(TypeError);
  });
});

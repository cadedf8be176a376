import { describe, expect, it } from 'vitest';
import { pnlAtReference } from './open-pnl-ref';
import type { PortfolioInput } from './portfolio-input';
import { portfolioValue } from './value';

// Hand-computed: THYAO 10 × 320 = 3,200 (prev 10 × 318.50 = 3,185); BTC 0.01 × 96,000 = 960 USDT,
// × 43.85 = 42,096 TRY (prev 0.01 × 95,000 × 43.80 = 41,610); USDT 100 × 43.85 = 4,385 (prev 4,380);
// contract 50 USDT cash − 7.5 + 2.5 USDT open PnL = 45 × 43.85 = 1,973.25 (prev 45 × 43.80 = 1,971).
const input: PortfolioInput = {
  balances: [
    { wallet: 'stock', currency: 'TRY', total: '1000' },
    { wallet: 'stock', currency: 'THYAO', total: '10' },
    { wallet: 'coin', currency: 'USDT', total: '100' },
    { wallet: 'coin', currency: 'BTC', total: '0.01' },
    { wallet: 'contract', currency: 'USDT', total: '50' },
  ],
  prices: {
    THYAO: { last: '320', prev: '318.50' },
    BTCUSDT: { last: '96000', prev: '95000' },
  },
  usdtTry: { last: '43.85', prev: '43.80' },
  contractPnls: ['-7.5', '2.5'],
};

describe('portfolioValue', () => {
  it('values every wallet in TRY at the feed prices, contract PnL included', () => {
    expect(portfolioValue(input)).toEqual({
      totalTry: '52654.25',
      // 52,654.25 − 52,146.00
      dayPnlTry: '508.25',
      // 508.25 / 52,146 = 0.974667…% truncated
      dayPnlPct: '0.97',
      parts: { stock: '4200.00', coin: '46481.00', contract: '1973.25', products: '0.00', loan: '0.00' },
      missing: [],
    });
  });

  it('counts what products hold outside the wallets, moving the day only through the rate', () => {
    // An AI order worth 2,500.40 TRY and a robot worth 120 USDT (× 43.85 = 5,262; prev × 43.80 =
    // 5,256): products 7,762.40, total 52,654.25 + 7,762.40 = 60,416.65; day 508.25 + 6 = 514.25
    // over a previous value of 52,146 + 2,500.40 + 5,256 = 59,902.40 → 0.858479…% → 0.85.
    const value = portfolioValue({
      ...input,
      products: [
        { currency: 'TRY', value: '2500.4' },
        { currency: 'USDT', value: '120' },
      ],
    });
    expect(value).toMatchObject({
      totalTry: '60416.65',
      dayPnlTry: '514.25',
      dayPnlPct: '0.85',
      parts: { products: '7762.40' },
    });
    // A USDT product without the rate: no total, and the rate is named.
    const noRate = portfolioValue({
      balances: [],
      prices: {},
      usdtTry: undefined,
      contractPnls: [],
      products: [{ currency: 'USDT', value: '1' }],
    });
    expect([noRate.totalTry, noRate.parts.products, noRate.missing]).toEqual([null, null, ['USDTTRY']]);
  });

  it('takes a loan owed off the total as its own part; the loan arriving or being repaid is no gain', () => {
    // A ₺20,000 loan lands in the stock cash (1,000 → 21,000, a flow) and is owed in
    // full. Stock 21,000 + 3,200 = 24,200; loan −20,000; total 52,654.25 as before the loan; the
    // day stays 508.25 over 52,146 + 20,000 − 20,000 = 52,146 → 0.97.
    const withLoan = (cash: string, flows: string, owed: string, interest: string) =>
      portfolioValue({
        ...input,
        balances: input.balances.map((b) =>
          b.wallet === 'stock' && b.currency === 'TRY' ? { ...b, total: cash } : b,
        ),
        todayCash: [{ wallet: 'stock', currency: 'TRY', pnl: '0', flows }],
        loanDebt: { owed, interest },
      });
    expect(withLoan('21000', '20000', '20000', '0')).toMatchObject({
      totalTry: '52654.25',
      dayPnlTry: '508.25',
      dayPnlPct: '0.97',
      parts: { stock: '24200.00', loan: '-20000.00' },
    });
    // A day's interest of 30 accrued since the reference is a cost: owed 20,030, total 52,624.25,
    // day 508.25 − 30 = 478.25 over 52,146 → 0.917121…% → 0.91.
    expect(withLoan('21000', '0', '20030', '30')).toMatchObject({
      totalTry: '52624.25',
      dayPnlTry: '478.25',
      dayPnlPct: '0.91',
      parts: { stock: '24200.00', loan: '-20030.00' },
    });
    // 5,000 repaid today (cash 16,000, a flow out; owed 15,030): total 16,000 + 3,200 + 46,481
    // + 1,973.25 − 15,030 = 52,624.25, and the repayment is no loss: the day is 508.25.
    expect(withLoan('16000', '-5000', '15030', '0')).toMatchObject({
      totalTry: '52624.25',
      dayPnlTry: '508.25',
      parts: { stock: '19200.00', loan: '-15030.00' },
    });
    // The parts add up to the total.
    const v = withLoan('21000', '0', '20030', '30');
    const sum = Object.values(v.parts).reduce((acc, x) => acc + Number(x), 0);
    expect(sum.toFixed(2)).toBe(v.totalTry);
  });

  it('shows no total while a held instrument has no price, and names it', () => {
    const value = portfolioValue({ ...input, prices: { BTCUSDT: input.prices.BTCUSDT } });
    expect(value.totalTry).toBeNull();
    expect(value.dayPnlTry).toBeNull();
    expect(value.parts).toEqual({
      stock: null,
      coin: '46481.00',
      contract: '1973.25',
      products: '0.00',
      loan: '0.00',
    });
    expect(value.missing).toEqual(['THYAO']);
  });

  it('needs the USDT/TRY rate for any USDT balance', () => {
    const value = portfolioValue({ ...input, usdtTry: undefined });
    expect(value.totalTry).toBeNull();
    expect(value.parts.stock).toBe('4200.00');
    expect(value.parts.coin).toBeNull();
    expect(value.missing).toEqual(['USDTTRY']);
  });

  it('needs no rate for a TRY-only account, and truncates to kuruş', () => {
    // 3 × 10.333 = 30.999 → 30.99; prev 3 × 10.334 = 31.002 → day −0.003 → 0.00 (never −0.00).
    const value = portfolioValue({
      balances: [
        { wallet: 'stock', currency: 'TRY', total: '0' },
        { wallet: 'stock', currency: 'AKBNK', total: '3' },
        { wallet: 'coin', currency: 'USDT', total: '0' },
        { wallet: 'contract', currency: 'USDT', total: '0' },
      ],
      prices: { AKBNK: { last: '10.333', prev: '10.334' } },
      usdtTry: undefined,
      contractPnls: [],
    });
    expect(value).toMatchObject({ totalTry: '30.99', dayPnlTry: '0.00', missing: [] });
  });

  it('an empty account is worth 0.00 with no day percentage', () => {
    const value = portfolioValue({ balances: [], prices: {}, usdtTry: undefined, contractPnls: [] });
    expect(value).toMatchObject({ totalTry: '0.00', dayPnlTry: '0.00', dayPnlPct: null });
  });

  describe('day P&L counts only what the user made since the reference', () => {
    it('a holding with no trade in the window keeps its move since the previous close', () => {
      // The first vector again: nothing traded, so `today` (empty, or naming nothing held) changes nothing.
      const before = portfolioValue(input);
      expect(portfolioValue({ ...input, today: [] })).toEqual(before);
      expect(before.dayPnlTry).toBe('508.25');
    });

    it('a stock bought today: the move since the fill less its costs', () => {
      // 10 000 TRY at the close; 10 THYAO bought at 319.00 for 3 190 + 0.6381 costs = 3 190.6381.
      // Now 6 809.3619 + 10 × 320 = 10 009.3619; reference 6 809.3619 + 0 × 318.50 + 3 190.6381
      // = 10 000: day (320 − 319) × 10 − 0.6381 = 9.3619 → 9.36, 0.093619 % → 0.09.
      // (Valued at the previous close it would be 10 × 1.50 = 15.00: a move the user never held.)
      const bought = {
        balances: [
          { wallet: 'stock', currency: 'TRY', total: '6809.3619' },
          { wallet: 'stock', currency: 'THYAO', total: '10' },
        ],
        prices: { THYAO: { last: '320', prev: '318.50' } },
        usdtTry: undefined,
        contractPnls: [],
      } satisfies PortfolioInput;
      expect(portfolioValue(bought).dayPnlTry).toBe('15.00');
      expect(
        portfolioValue({
          ...bought,
          today: [{ wallet: 'stock', currency: 'THYAO', qty: '10', cost: '3190.6381' }],
        }),
      ).toMatchObject({ totalTry: '10009.36', dayPnlTry: '9.36', dayPnlPct: '0.09' });
    });

    it('a coin bought today, with the USDT/TRY rate moving', () => {
      // 1 000 USDT at the reference (× 43.80 = 43 800 TRY). 0.01 BTC bought at 95 500 + 0.955 fee
      // = 955.955 USDT, leaving 44.045. Now (960 + 44.045) × 43.85 = 44 027.37325; reference
      // (0 × 95 000 + 955.955 + 44.045) × 43.80 = 43 800: day 227.37325 → 227.37 (the coin's
      // 5 USDT since the fill, less the fee, and the rate's move on it all), 0.519117…% → 0.51.
      const value = portfolioValue({
        balances: [
          { wallet: 'coin', currency: 'USDT', total: '44.045' },
          { wallet: 'coin', currency: 'BTC', total: '0.01' },
        ],
        prices: { BTCUSDT: { last: '96000', prev: '95000' } },
        usdtTry: { last: '43.85', prev: '43.80' },
        contractPnls: [],
        today: [{ wallet: 'coin', currency: 'BTC', qty: '0.01', cost: '955.955' }],
      });
      expect(value).toMatchObject({
        totalTry: '44027.37',
        dayPnlTry: '227.37',
        dayPnlPct: '0.51',
        parts: { coin: '44027.37' },
      });
    });

    it('a partial sell today: the sold shares count up to the sale, the rest up to now', () => {
      // 20 THYAO at the close (318.50); 5 sold at 321 for 1 605 − 0.321 costs = 1 604.679 TRY.
      // Now 1 604.679 + 15 × 320 = 6 404.679; reference 1 604.679 + (15 + 5) × 318.50 − 1 604.679
      // = 6 370: day 5 × 2.50 − 0.321 + 15 × 1.50 = 34.679 → 34.67, 0.544411…% → 0.54.
      const value = portfolioValue({
        balances: [
          { wallet: 'stock', currency: 'TRY', total: '1604.679' },
          { wallet: 'stock', currency: 'THYAO', total: '15' },
        ],
        prices: { THYAO: { last: '320', prev: '318.50' } },
        usdtTry: undefined,
        contractPnls: [],
        today: [{ wallet: 'stock', currency: 'THYAO', qty: '-5', cost: '-1604.679' }],
      });
      expect(value).toMatchObject({ totalTry: '6404.67', dayPnlTry: '34.67', dayPnlPct: '0.54' });
    });

    it('a holding sold out today still needs its reference price; a round trip needs none', () => {
      // 100 AKBNK at the close (50); all sold at 51 for 5 100 − 1.02 = 5 098.98, no balance left.
      // Now 5 098.98; reference 5 098.98 + 100 × 50 − 5 098.98 = 5 000: AKBNK made 98.98.
      // KONTR bought and sold back today (10 at 30.00, 10 at 29.90, 0.40 costs): 0 now, 1.00 + 0.40 = 1.40 paid.
      const soldOut: PortfolioInput = {
        balances: [{ wallet: 'stock', currency: 'TRY', total: '5098.98' }],
        prices: { AKBNK: { last: '52', prev: '50' } },
        usdtTry: undefined,
        contractPnls: [],
        today: [
          { wallet: 'stock', currency: 'AKBNK', qty: '-100', cost: '-5098.98' },
          { wallet: 'stock', currency: 'KONTR', qty: '0', cost: '1.40' },
        ],
      };
      // Day 98.98 − 1.40 = 97.58 over a reference of 5 000 + 1.40 → 1.951525…% → 1.95.
      expect(portfolioValue(soldOut)).toMatchObject({
        totalTry: '5098.98',
        dayPnlTry: '97.58',
        dayPnlPct: '1.95',
      });
      const noPrice = portfolioValue({ ...soldOut, prices: {} });
      expect([noPrice.totalTry, noPrice.dayPnlTry, noPrice.missing]).toEqual([null, null, ['AKBNK']]);
    });

    it("the audit's case: buying 0.01 BTC after a 5 % day shows the spread and fee, not +2 267", () => {
      // 231 542.37 TRY and 2 000 USDT (× 43.85 = 87 700): 319 242.37 TRY, rate unchanged today.
      // 0.01 BTC bought at 103 410 (last 103 400, 24 h ago 98 230) for 1 034.10 + 1.0341 fee
      // = 1 035.1341 USDT, leaving 964.8659. Now 231 542.37 + (964.8659 + 1 034) × 43.85
      // = 319 192.639715; reference 319 242.37: day (−0.10 − 1.0341) × 43.85 = −49.730285
      // → −49.73, −0.015577…% → −0.01. Valued at 24 h ago: 0.01 × 5 170 × 43.85 = +2 267.04.
      const audit: PortfolioInput = {
        balances: [
          { wallet: 'stock', currency: 'TRY', total: '231542.37' },
          { wallet: 'coin', currency: 'USDT', total: '964.8659' },
          { wallet: 'coin', currency: 'BTC', total: '0.01' },
          { wallet: 'contract', currency: 'USDT', total: '0' },
        ],
        prices: { BTCUSDT: { last: '103400', prev: '98230' } },
        usdtTry: { last: '43.85', prev: '43.85' },
        contractPnls: [],
      };
      expect(portfolioValue(audit)).toMatchObject({ totalTry: '319192.63', dayPnlTry: '2267.04' });
      expect(
        portfolioValue({
          ...audit,
          today: [{ wallet: 'coin', currency: 'BTC', qty: '0.01', cost: '1035.1341' }],
        }),
      ).toMatchObject({ totalTry: '319192.63', dayPnlTry: '-49.73', dayPnlPct: '-0.01' });
    });
  });

  describe('cash that moved since the reference (todayCash, openPnlRef)', () => {
    const rate = { last: '43.85', prev: '43.80' };
    const contractOnly = (total: string): PortfolioInput => ({
      balances: [{ wallet: 'contract', currency: 'USDT', total }],
      prices: {},
      usdtTry: rate,
      contractPnls: [],
    });

    it("a contract loss today shows in full: realised P&L, fees, funding and the open P&L's change", () => {
      // 100 USDT held at the reference, 50 transferred in today. Position A opened and closed
      // today: 0.6 opening fee, −20 realised, 0.6 closing fee; B, open since before the reference,
      // paid 0.3 funding; C, opened today, paid a 0.5 opening fee. P&L −22, flows +50: cash
      // 100 + 50 − 22 = 128. Open P&L now: B −6, C +1.5; at the reference B made +4, C nothing.
      // Now (128 − 4.5) × 43.85 = 5 415.475; reference 100 × 43.80 + 50 × 43.85 + 4 × 43.80
      // = 6 747.70; day −1 332.225 (= −22 × 43.85 + 100 × 0.05 − 4.5 × 43.85 − 4 × 43.80)
      // → −1 332.22, −19.743394…% → −19.74.
      const value = portfolioValue({
        ...contractOnly('128'),
        contractPnls: ['-6', '1.5'],
        todayCash: [{ wallet: 'contract', currency: 'USDT', pnl: '-22', flows: '50' }],
        openPnlRef: '4',
      });
      expect(value).toEqual({
        totalTry: '5415.47',
        dayPnlTry: '-1332.22',
        dayPnlPct: '-19.74',
        parts: { stock: '0.00', coin: '0.00', contract: '5415.47', products: '0.00', loan: '0.00' },
        missing: [],
      });
    });

    it('a position open at the reference and closed today counts from its P&L then', () => {
      // 100 USDT at the reference, B making +4 then; closed today for +10 realised less a 0.2
      // fee: cash 109.8. Now 109.8 × 43.85 = 4 814.73; reference 100 × 43.80 + 4 × 43.80
      // = 4 555.20; day 259.53 (= 9.8 × 43.85 + 100 × 0.05 − 4 × 43.80).
      const value = portfolioValue({
        ...contractOnly('109.8'),
        todayCash: [{ wallet: 'contract', currency: 'USDT', pnl: '9.8', flows: '0' }],
        openPnlRef: '4',
      });
      expect(value).toMatchObject({ totalTry: '4814.73', dayPnlTry: '259.53' });
    });

    describe('a position open at the reference and partly closed since', () => {
      // A flat USDT/TRY rate (40), so the day's figure is the contracts' move alone.
      const flat = { last: '40', prev: '40' };

      it('counts only the move since the reference, on the closed part and the rest (long)', () => {
        // Long 2 at entry 100; the reference price 110. Since: 0.5 closed at 120 (fee 0.3),
        // 1.5 still open, the mark at 130. The close posts 0.5 × (120 − 100) − 0.3 = 9.7 of P&L
        // today: cash 100 → 109.7. Open P&L now 1.5 × (130 − 100) = 45.
        const long = { side: 'long' as const, entryPrice: '100', qtyOpen: '1.5', qtyClosedSince: '0.5' };
        // At the reference it held 2: 2 × (110 − 100) = 20 (on the 1.5 open now it would be 15).
        const ref = pnlAtReference(long, '110');
        expect(ref.toFixed()).toBe('20');
        // Now 109.7 + 45 = 154.7 USDT × 40 = 6 188; reference 100 + 20 = 120 × 40 = 4 800; day
        // 1 388 = 40 × (0.5 × (120 − 110) − 0.3 + 1.5 × (130 − 110)) = 40 × 34.7: the closed
        // half's 0.5 × (110 − 100) = 5 from before the reference is not today's (it was 1 588).
        // 1 388 / 4 800 = 28.9166…% → 28.91.
        const value = portfolioValue({
          balances: [{ wallet: 'contract', currency: 'USDT', total: '109.7' }],
          prices: {},
          usdtTry: flat,
          contractPnls: ['45'],
          todayCash: [{ wallet: 'contract', currency: 'USDT', pnl: '9.7', flows: '0' }],
          openPnlRef: ref.toFixed(),
        });
        expect(value).toMatchObject({ totalTry: '6188.00', dayPnlTry: '1388.00', dayPnlPct: '28.91' });
      });

      it('a short partly closed at a loss against the reference shows that loss', () => {
        // Short 3 at entry 100; the reference price 90. Since: 1 closed at 95 (fee 0.2), 2 open,
        // the mark at 80. The close posts 1 × (100 − 95) − 0.2 = 4.8 (a gain from the entry):
        // cash 50 → 54.8. Open P&L now 2 × (100 − 80) = 40; at the reference 3 × (100 − 90) = 30.
        const short = { side: 'short' as const, entryPrice: '100', qtyOpen: '2', qtyClosedSince: '1' };
        const ref = pnlAtReference(short, '90');
        expect(ref.toFixed()).toBe('30');
        // Day (54.8 + 40) − (50 + 30) = 14.8 USDT = 1 × (90 − 95) − 0.2 + 2 × (90 − 80): the
        // closed part lost 5.2 against the reference. × 40 = 592.
        const value = portfolioValue({
          balances: [{ wallet: 'contract', currency: 'USDT', total: '54.8' }],
          prices: {},
          usdtTry: flat,
          contractPnls: ['40'],
          todayCash: [{ wallet: 'contract', currency: 'USDT', pnl: '4.8', flows: '0' }],
          openPnlRef: ref.toFixed(),
        });
        expect(value).toMatchObject({ totalTry: '3792.00', dayPnlTry: '592.00' });
      });

      it('a position closed in parts since the reference counts every part', () => {
        // Long 2 at 100 closed since: 0.5, then the last 1.5. Nothing open: 2 × (110 − 100) = 20.
        const closed = { side: 'long' as const, entryPrice: '100', qtyOpen: '0', qtyClosedSince: '2' };
        expect(pnlAtReference(closed, '110').toFixed()).toBe('20');
      });
    });

    it('a contract wallet emptied today by a loss still shows it, and needs the rate', () => {
      // 100 USDT transferred in today and lost: no balance line, P&L −100 at 43.85.
      const emptied: PortfolioInput = {
        balances: [],
        prices: {},
        usdtTry: rate,
        contractPnls: [],
        todayCash: [{ wallet: 'contract', currency: 'USDT', pnl: '-100', flows: '100' }],
      };
      expect(portfolioValue(emptied)).toMatchObject({ totalTry: '0.00', dayPnlTry: '-4385.00' });
      expect(portfolioValue({ ...emptied, usdtTry: undefined })).toMatchObject({
        totalTry: null,
        dayPnlTry: null,
        missing: ['USDTTRY'],
      });
    });

    it('USDT deposited today earns no FX move; USDT held from before keeps it', () => {
      // 4 950 USDT deposited today, the rate 43.80 → 43.85: 4 950 × 43.85 both now and then.
      const deposited: PortfolioInput = {
        balances: [{ wallet: 'coin', currency: 'USDT', total: '4950' }],
        prices: {},
        usdtTry: rate,
        contractPnls: [],
        todayCash: [{ wallet: 'coin', currency: 'USDT', pnl: '0', flows: '4950' }],
      };
      expect(portfolioValue(deposited)).toMatchObject({
        totalTry: '217057.50',
        dayPnlTry: '0.00',
        dayPnlPct: '0.00',
      });
      // With 1 000 held since before: 1 000 × 0.05 = 50 on a reference of 43 800 + 217 057.50.
      expect(
        portfolioValue({ ...deposited, balances: [{ wallet: 'coin', currency: 'USDT', total: '5950' }] }),
      ).toMatchObject({ totalTry: '260907.50', dayPnlTry: '50.00', dayPnlPct: '0.01' });
      // 1 000 held since before and moved to the contract wallet today: still held, still its move.
      expect(
        portfolioValue({
          balances: [
            { wallet: 'coin', currency: 'USDT', total: '0' },
            { wallet: 'contract', currency: 'USDT', total: '1000' },
          ],
          prices: {},
          usdtTry: rate,
          contractPnls: [],
          todayCash: [
            { wallet: 'coin', currency: 'USDT', pnl: '0', flows: '-1000' },
            { wallet: 'contract', currency: 'USDT', pnl: '0', flows: '1000' },
          ],
        }),
      ).toMatchObject({ totalTry: '43850.00', dayPnlTry: '50.00' });
    });

    it("TRY deposited today adds nothing; the TRY wallet's own P&L counts", () => {
      const deposited: PortfolioInput = {
        balances: [{ wallet: 'stock', currency: 'TRY', total: '150000' }],
        prices: {},
        usdtTry: undefined,
        contractPnls: [],
        todayCash: [{ wallet: 'stock', currency: 'TRY', pnl: '0', flows: '100000' }],
      };
      expect(portfolioValue(deposited)).toMatchObject({ totalTry: '150000.00', dayPnlTry: '0.00' });
      // A P&L posting of −12.34 TRY: the reference held 150 012.34.
      expect(
        portfolioValue({
          ...deposited,
          todayCash: [{ wallet: 'stock', currency: 'TRY', pnl: '-12.34', flows: '100000' }],
        }),
      ).toMatchObject({ totalTry: '150000.00', dayPnlTry: '-12.34', dayPnlPct: '0.00' });
    });

    it('an older answer without the fields, or with nothing moved, gives the figures as before', () => {
      const before = portfolioValue(input);
      expect(before.dayPnlTry).toBe('508.25');
      expect(portfolioValue({ ...input, openPnlRef: null })).toEqual(before);
      // Nothing moved, and the open P&L then equal to the P&L now valued at the reference.
      expect(
        portfolioValue({
          ...input,
          todayCash: [
            { wallet: 'stock', currency: 'TRY', pnl: '0', flows: '0' },
            { wallet: 'coin', currency: 'USDT', pnl: '0', flows: '0' },
            { wallet: 'contract', currency: 'USDT', pnl: '0', flows: '0' },
          ],
          openPnlRef: '-5',
        }),
      ).toEqual(before);
    });
  });
});

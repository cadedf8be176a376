import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { d, liquidationPrice, openCost } from '../../domain/contracts';
import type { ContractRules } from '../../domain/protocol/contracts';
import {
  evaluateTicket,
  type ContractDraft,
  type TicketEnv,
} from '../../src/screens/contract/contract-ticket-logic';
import { costText, previewRows } from '../../src/screens/contract/preview-rows';
import { evaluateSpot } from '../../src/screens/contract/spot-ticket-logic';

const rules: ContractRules = {
  choices: [1, 2, 3, 5, 10, 20],
  feeRate: '0.0005',
  liquidationFeeRate: '0.005',
  tiers: [
    { maxNotional: '50000', mmr: '0.005', deduction: '0' },
    { maxNotional: '250000', mmr: '0.01', deduction: '250' },
    { maxNotional: '1000000', mmr: '0.025', deduction: '4000' },
    { maxNotional: null, mmr: '0.05', deduction: '29000' },
  ],
  minNotional: '5',
  fundingIntervalMs: 28_800_000,
  riskAccepted: false,
  riskVersion: 1,
};
const env: TicketEnv = {
  price: '60000',
  feed: 'live',
  rules,
  priceScale: 2,
  qtyScale: 5,
  available: '10000',
  locale: 'en-US',
};
const draft: ContractDraft = {
  symbol: 'BTCUSDT',
  side: 'long',
  leverage: 10,
  mode: 'margin',
  size: '100',
  takeProfit: '',
  stopLoss: '',
};

describe('contract ticket', () => {
  it('previews exactly what domain/contracts computes (margin mode, every leverage, both sides)', () => {
    for (const side of ['long', 'short'] as const) {
      for (const leverage of rules.choices) {
        const state = evaluateTicket({ ...draft, side, leverage }, env);
        const cost = openCost({ margin: '100', price: '60000', leverage, feeRate: '0.0005', qtyScale: 5 });
        expect(cost).not.toBeNull();
        expect(state.preview?.cost.qty.toFixed()).toBe(cost?.qty.toFixed());
        expect(state.preview?.cost.total.toFixed()).toBe(cost?.total.toFixed());
        const liq = liquidationPrice(
          { side, qty: cost!.qty, entryPrice: '60000', margin: cost!.margin },
          rules,
        );
        if (liq === null) expect(state.preview?.liquidationPrice).toBeNull();
        else {
          // Shown rounded toward the price (never further away than the real one).
          const shown = new Decimal(state.preview?.liquidationPrice ?? 'NaN');
          expect(shown.minus(liq).abs().lt('0.01')).toBe(true);
          expect(side === 'long' ? shown.gte(liq) : shown.lte(liq)).toBe(true);
        }
        expect(state.request).toEqual({ symbol: 'BTCUSDT', side, leverage: String(leverage), margin: '100' });
      }
    }
  });

  it('hand-computed: 100 USDT at 10× long from 60,000 → 0.01666 BTC, 999.6 notional', () => {
    const state = evaluateTicket(draft, env);
    expect(state.preview?.cost.qty.toFixed()).toBe('0.01666');
    expect(state.preview?.cost.notional.toFixed()).toBe('999.6');
    expect(state.preview?.cost.margin.toFixed()).toBe('99.96');
    expect(state.preview?.cost.fee.toFixed()).toBe('0.4998');
    expect(state.preview?.cost.total.toFixed()).toBe('100.4598');
  });

  it('prices the preview on the book levels the opening would take, as the broker opens (hand-computed)', () => {
    // 30 USDT at 10× long: 300 at the best ask 60,000 is 0.005 BTC, which takes 0.002 @ 60,000 and
    // 0.003 @ 60,100: 300.3, a margin of 30.03 > 30. At their average 60,060 the margin buys
    // 0.0049950… → 0.00499 (5 decimals), which takes 0.002 @ 60,000 and 0.00299 @ 60,100 =
    // 299.699, a margin of 29.9699 ≤ 30: the position the broker opens, at 60,059.9198…
    const book = {
      bids: ['59950'],
      asks: ['60000', '60100'],
      bidQty: { '59950': '1' },
      askQty: { '60000': '0.002', '60100': '1' },
    };
    const preview = evaluateTicket({ ...draft, size: '30' }, { ...env, price: '59000', book }).preview;
    expect(preview?.cost.qty.toFixed()).toBe('0.00499');
    expect(preview?.cost.notional.toDecimalPlaces(8).toFixed()).toBe('299.699');
    // Averaged in the contracts maths' 40 digits, as the broker averages its fills (fillsSummary,
    // then openCost at that average): the same notional to the last digit.
    const average = d('299.699').div('0.00499');
    expect(preview?.cost.notional.toFixed()).toBe(average.mul('0.00499').toFixed());
    expect(preview?.cost.margin.toFixed()).toBe('29.9699');
    // A quantity is priced the same way (0.002 @ 60,000 + 0.001 @ 60,100); a short on the bids.
    const byQty = evaluateTicket({ ...draft, mode: 'quantity', size: '0.003' }, { ...env, book }).preview;
    expect(byQty?.cost.notional.toDecimalPlaces(8).toFixed()).toBe('180.1');
    const short = evaluateTicket(
      { ...draft, side: 'short', mode: 'quantity', size: '0.5' },
      { ...env, book },
    );
    expect(short.preview?.cost.notional.toDecimalPlaces(8).toFixed()).toBe('29975');
  });

  it('previews the liquidation fee: 0.5% of the notional at the liquidation price, on top of the 0.05% taker fee', () => {
    // Long 0.01666 BTC from 60,000 with 99.96 margin: P = 899.64 ÷ (0.01666 × (1 − 0.005 − 0.0055))
    // = 54573.0166…, notional there 909.1864…; liquidation fee × 0.005 = 4.5459…, all fees × 0.0055 = 5.0005…
    const long = evaluateTicket(draft, env).preview;
    expect(long?.liquidationPrice).toBe('54573.02');
    expect(long?.liquidation?.price.toFixed(4)).toBe('54573.0167');
    expect(long?.liquidation?.liquidationFee.toFixed(8)).toBe('4.54593229');
    expect(long?.liquidation?.fee.toFixed(8)).toBe('5.00052552');
    // What is left after the fee is the maintenance margin there (tier 1: 0.5% of 909.19).
    expect(long?.liquidation?.left.toFixed(8)).toBe('4.54593229');
    // Short: P = 1099.56 ÷ (0.01666 × 1.0105) = 65314.2008…
    const short = evaluateTicket({ ...draft, side: 'short' }, env).preview;
    expect(short?.liquidationPrice).toBe('65314.20');
    expect(short?.liquidation?.liquidationFee.toFixed(8)).toBe('5.44067293');
    expect(short?.liquidation?.fee.toFixed(8)).toBe('5.98474023');
    // 1× long: nothing liquidates it, so no liquidation fee is ever charged.
    const safe = evaluateTicket({ ...draft, leverage: 1 }, env).preview;
    expect(safe?.liquidationPrice).toBeNull();
    expect(safe?.liquidation).toBeNull();
  });

  it('the liquidation fee follows the configured rates, and the liquidation price moves with it', () => {
    const free = evaluateTicket(draft, { ...env, rules: { ...rules, liquidationFeeRate: '0' } }).preview;
    // Taker fee only: 899.64 ÷ (0.01666 × 0.9945) = 54298.642…, shown rounded up (toward the price)
    expect(free?.liquidationPrice).toBe('54298.65');
    expect(free?.liquidation?.liquidationFee.isZero()).toBe(true);
    const dear = evaluateTicket(draft, { ...env, rules: { ...rules, liquidationFeeRate: '0.01' } }).preview;
    // 899.64 ÷ (0.01666 × 0.9845) = 54850.177…: a dearer liquidation comes sooner.
    expect(dear?.liquidationPrice).toBe('54850.18');
  });

  it('previewRows name the liquidation fee rate and its money in the row (en-US and tr-TR)', () => {
    const preview = evaluateTicket(draft, env).preview;
    const t = (key: string, params?: Record<string, string>) =>
      `${key}${params ? JSON.stringify(params) : ''}`;
    const en = previewRows(preview, rules, 2, 5, 'BTC', t, 'en-US').find(
      (r) => r.testId === 'ticket-liq-fee',
    );
    expect(en).toEqual({
      label: 'ticket.liq_fee{"rate":"0.5%"}',
      value: '≈\u00a04.54 USDT',
      testId: 'ticket-liq-fee',
    });
    const tr = previewRows(preview, rules, 2, 5, 'BTC', t, 'tr-TR').find(
      (r) => r.testId === 'ticket-liq-fee',
    );
    expect(tr).toEqual({
      label: 'ticket.liq_fee{"rate":"%0,5"}',
      value: '≈\u00a04,54 USDT',
      testId: 'ticket-liq-fee',
    });
    const none = evaluateTicket({ ...draft, leverage: 1 }, env).preview;
    expect(previewRows(none, rules, 2, 5, 'BTC', t, 'en-US').at(-1)?.value).toBe('ticket.liq_none');
    expect(previewRows(null, rules, 2, 5, 'BTC', t, 'en-US').at(-1)?.value).toBe('--');
  });

  it('shows margin, fee and cost in decimals at which the shown figures add up', () => {
    const t = (key: string) => key;
    const shown = (d: ContractDraft, price: string, lang: 'en-US' | 'tr-TR') => {
      const preview = evaluateTicket(d, { ...env, price }).preview;
      const rows = previewRows(preview, rules, 2, 5, 'BTC', t, lang);
      const value = (id: string) => rows.find((r) => r.testId === id)?.value;
      return [value('ticket-margin'), value('ticket-fee'), costText(preview, lang)];
    };
    // 100 at 10× from 60,000: 99.96 + 0.4998 = 100.4598 → 99.96 + 0.49 = 100.45 already adds up.
    expect(shown(draft, '60000', 'en-US')).toEqual(['99.96 USDT', '0.49 USDT', '100.45 USDT']);
    // 1.48 at 10× from 60,123.4: qty 0.00024, margin 1.4429616, fee 0.00721481, cost 1.45017641.
    // At 2 decimals 1.44 + 0.00 ≠ 1.45, at 3 1.442 + 0.007 ≠ 1.450; at 4 1.4429 + 0.0072 = 1.4501.
    const small = { ...draft, size: '1.48' };
    expect(shown(small, '60123.4', 'en-US')).toEqual(['1.4429 USDT', '0.0072 USDT', '1.4501 USDT']);
    expect(shown(small, '60123.4', 'tr-TR')).toEqual(['1,4429 USDT', '0,0072 USDT', '1,4501 USDT']);
    // 14.57 at 10× from 60,123.47: qty 0.00242, margin 14.54987974, fee 0.0727494, cost
    // 14.62262914. Truncated they add up only at 7 decimals; at most 4 are shown: 14.5498 and
    // 14.6226, the fee as their difference, 0.0728 (0.00005 above it: under one unit).
    expect(shown({ ...draft, size: '14.57' }, '60123.47', 'en-US')).toEqual([
      '14.5498 USDT',
      '0.0728 USDT',
      '14.6226 USDT',
    ]);
    expect(costText(null, 'en-US')).toBe('--');
  });

  it('shows the funding rate and what the position would pay or receive at it, before opening', () => {
    const preview = evaluateTicket(draft, env).preview;
    const t = (key: string, params?: Record<string, string>) =>
      `${key}${params ? JSON.stringify(params) : ''}`;
    const row = (rate: string | null, side: 'long' | 'short', lang: 'en-US' | 'tr-TR' = 'en-US') =>
      previewRows(preview, rules, 2, 5, 'BTC', t, lang, undefined, {
        rate,
        side,
        mark: '60000',
        intervalMs: 28_800_000,
      }).find((r) => r.testId === 'ticket-funding');
    // 0.01666 BTC × 60,000 = 999.6 USDT × 0.01 % = 0.09996: a long pays it, a short receives it.
    expect(row('0.0100', 'long')).toEqual({
      label: 'ticket.funding{"hours":"8"}',
      value: 'ticket.funding_pay{"rate":"+0.0100%","amount":"0.09"}',
      testId: 'ticket-funding',
    });
    expect(row('0.0100', 'short')?.value).toBe('ticket.funding_receive{"rate":"+0.0100%","amount":"0.09"}');
    // −0.0025 %: 999.6 × 0.0025 % = 0.02499 → the long receives 0,02 (truncated).
    expect(row('-0.0025', 'long', 'tr-TR')?.value).toBe(
      'ticket.funding_receive{"rate":"-%0,0025","amount":"0,02"}',
    );
    expect(row(null, 'long')?.value).toBe('ticket.funding_unknown');
    // Without a live funding figure passed (the ticket always passes one), no row.
    expect(
      previewRows(preview, rules, 2, 5, 'BTC', t, 'en-US').some((r) => r.testId === 'ticket-funding'),
    ).toBe(false);
  });

  it('reads a margin of "1.000" in tr-TR as a thousand USDT (money keeps the grouping), not ambiguous', () => {
    const state = evaluateTicket({ ...draft, size: '1.000' }, { ...env, locale: 'tr-TR' });
    expect(state.errors.size).toBeUndefined();
    expect(state.request).toMatchObject({ margin: '1000' });
  });

  it('reads quantities typed in the user locale', () => {
    const state = evaluateTicket(
      { ...draft, mode: 'quantity', size: '0,5' },
      { ...env, locale: 'tr-TR', available: '100000' },
    );
    expect(state.preview?.cost.qty.toFixed()).toBe('0.5');
    expect(state.request?.quantity).toBe('0.5');
  });

  it('words a typed slip as every ticket does: the rule it breaks, in the units of the field', () => {
    const quantity = { ...draft, mode: 'quantity' as const };
    const size = (d: typeof draft) => evaluateTicket(d, { ...env, available: '100000' }).errors.size;
    // A sign is named as a sign, not read past: "-1" is never 1.
    expect(size({ ...quantity, size: '-1' })).toEqual({ ns: 'errors', key: 'AMOUNT_SIGN' });
    expect(size({ ...quantity, size: '0' })).toEqual({ ns: 'errors', key: 'QUANTITY_NOT_POSITIVE' });
    expect(size({ ...draft, size: '-1' })).toEqual({ ns: 'errors', key: 'AMOUNT_SIGN' });
    expect(size({ ...draft, size: '0' })).toEqual({ ns: 'errors', key: 'AMOUNT_NOT_POSITIVE' });
    expect(size({ ...draft, size: '1e20' })).toEqual({ ns: 'errors', key: 'AMOUNT_EXPONENT' });
    // A margin is USDT money, to the cent, as its field takes it.
    expect(size({ ...draft, size: '1.123' })).toEqual({
      ns: 'errors',
      key: 'AMOUNT_PRECISION',
      params: { decimals: 2 },
    });
    // A quantity off its step reads as the broker's contractQty says it: a multiple of 0.00001.
    expect(size({ ...quantity, size: '0.1234567' })).toEqual({
      ns: 'errors',
      key: 'LOT_MULTIPLE',
      params: { lot: '0.00001' },
    });
    expect(size({ ...quantity, size: 'abc' })).toEqual({ ns: 'errors', key: 'AMOUNT_NOT_A_NUMBER' });
    expect(size({ ...draft, size: '1,2,3' })).toEqual({ ns: 'errors', key: 'AMOUNT_SEPARATOR' });
    // A lone point before three digits of a 5-decimal BTC quantity may be either: asked, named
    // by the ticket's own words (a BTC quantity is no count of shares, "adet").
    expect(size({ ...quantity, size: '1,250' })).toEqual({
      ns: 'errors',
      key: 'NUMBER_AMBIGUOUS',
      params: { field: 'coin_quantity' },
    });
  });

  it('is disabled, with the reason, while the feed is stale or has no price yet', () => {
    for (const feed of ['stale', 'reconnecting', 'connecting'] as const) {
      const state = evaluateTicket(draft, { ...env, feed });
      expect(state.blocked).toEqual({ ns: 'contract', key: 'reason_stale' });
      expect(state.request).toBeNull();
    }
    const noPrice = evaluateTicket(draft, { ...env, price: null });
    expect(noPrice.blocked?.key).toBe('reason_no_price');
    expect(noPrice.request).toBeNull();
  });

  it('refuses a cost above the contract balance and a position below the minimum', () => {
    expect(evaluateTicket(draft, { ...env, available: '100' }).blocked?.key).toBe('ticket.insufficient');
    expect(evaluateTicket({ ...draft, size: '0.4', leverage: 1 }, env).errors.size?.key).toBe(
      'ticket.below_min',
    );
    expect(evaluateTicket({ ...draft, size: '0' }, env).errors.size?.key).toBe('AMOUNT_NOT_POSITIVE');
    expect(evaluateTicket({ ...draft, size: 'abc' }, env).request).toBeNull();
  });

  it('puts take-profit and stop-loss on the right side of the price for the direction', () => {
    const long = (tp: string, sl: string) =>
      evaluateTicket({ ...draft, takeProfit: tp, stopLoss: sl }, env).errors;
    const short = (tp: string, sl: string) =>
      evaluateTicket({ ...draft, side: 'short', takeProfit: tp, stopLoss: sl }, env).errors;
    expect(long('59000', '').takeProfit).toEqual({
      ns: 'errors',
      key: 'TAKE_PROFIT_ABOVE',
      params: { price: '60,000.00' },
    });
    expect(long('', '61000').stopLoss?.key).toBe('STOP_LOSS_BELOW');
    expect(long('', '50000').stopLoss?.key).toBe('STOP_LOSS_BEYOND_LIQUIDATION');
    expect(long('65000', '58000')).toEqual({});
    expect(short('61000', '').takeProfit?.key).toBe('TAKE_PROFIT_BELOW');
    expect(short('', '59000').stopLoss?.key).toBe('STOP_LOSS_ABOVE');
    expect(short('', '70000').stopLoss?.key).toBe('STOP_LOSS_BEYOND_LIQUIDATION');
    const ok = evaluateTicket({ ...draft, side: 'short', takeProfit: '55000', stopLoss: '62000' }, env);
    expect(ok.request).toMatchObject({ takeProfit: '55000', stopLoss: '62000' });
  });

  it('words a slip in a take-profit or stop-loss price as that field’s, not as a limit price', () => {
    const errors = (tp: string, sl: string) =>
      evaluateTicket({ ...draft, takeProfit: tp, stopLoss: sl }, env).errors;
    // Each slip said "Enter a limit price greater than 0", in a ticket that has no limit price.
    expect(errors('abc', '').takeProfit).toEqual({ ns: 'errors', key: 'AMOUNT_NOT_A_NUMBER' });
    expect(errors('', 'x').stopLoss).toEqual({ ns: 'errors', key: 'AMOUNT_NOT_A_NUMBER' });
    expect(errors('65000.123', '').takeProfit).toEqual({
      ns: 'errors',
      key: 'AMOUNT_PRECISION',
      params: { decimals: 2 },
    });
    // "-5" is not a stop at 5: the sign is named, and nothing is sent.
    expect(errors('', '-5').stopLoss).toEqual({ ns: 'errors', key: 'AMOUNT_SIGN' });
    expect(evaluateTicket({ ...draft, stopLoss: '-5' }, env).request).toBeNull();
    expect(errors('', '0').stopLoss).toEqual({ ns: 'contract', key: 'ticket.trigger_not_positive' });
    // tr-TR reads a grouped price as every price field does: 65.000 is sixty-five thousand.
    const tr = evaluateTicket(
      { ...draft, takeProfit: '65.000', stopLoss: '58.000,5' },
      { ...env, locale: 'tr-TR' },
    );
    expect(tr.errors).toEqual({});
    expect(tr.request).toMatchObject({ takeProfit: '65000', stopLoss: '58000.5' });
  });
});

describe('coin spot ticket', () => {
  const info = {
    symbol: 'BTCUSDT',
    base: 'BTC',
    quote: 'USDT',
    name: 'Bitcoin',
    priceScale: 2,
    qtyScale: 5,
    minQty: '0.00001',
  };
  const spotEnv = {
    info,
    last: '60000',
    settings: { feeRate: '0.001', minAmount: '5' },
    quoteAvailable: '1000',
    baseAvailable: '0.01',
    locale: 'en-US' as const,
  };

  it('previews the amount and the fee the engine books', () => {
    const state = evaluateSpot({ side: 'buy', type: 'market', quantity: '0.01', price: '' }, spotEnv);
    expect(state.preview).toEqual({ amount: '600', fee: '0.6', total: '600.6' });
    expect(state.request).toEqual({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' });
  });

  it('estimates a market order at the book levels it would take, not at the last trade', () => {
    const book = {
      bids: ['59990', '59900'],
      asks: ['60010', '60100'],
      bidQty: { '59990': '0.05', '59900': '1' },
      askQty: { '60010': '0.1', '60100': '0.5' },
    };
    const at = (side: 'buy' | 'sell', quantity: string) =>
      evaluateSpot(
        { side, type: 'market', quantity, price: '' },
        { ...spotEnv, book, settings: { feeRate: '0.001', minAmount: '5' } },
      ).preview;
    // 0.1 at 60,010 and 0.2 at 60,100 = 18,021 USDT (at the last trade, 60,000: 18,000).
    expect(at('buy', '0.3')?.amount).toBe('18021');
    expect(at('buy', '0.3')?.total).toBe('18039.021');
    // 0.05 at 59,990 and 0.05 at 59,900 = 5,994.5 USDT received before the fee.
    expect(at('sell', '0.1')?.amount).toBe('5994.5');
    // A limit order is priced at its limit, whatever the book.
    const limit = evaluateSpot(
      { side: 'buy', type: 'limit', quantity: '0.3', price: '59000' },
      { ...spotEnv, book, settings: { feeRate: '0.001', minAmount: '5' } },
    ).preview;
    expect(limit?.amount).toBe('17700');
    // No book yet: the last trade, as before.
    expect(
      evaluateSpot({ side: 'buy', type: 'market', quantity: '0.3', price: '' }, spotEnv).preview?.amount,
    ).toBe('18000');
  });

  it('refuses what the server refuses', () => {
    const buy = (quantity: string, extra = {}) =>
      evaluateSpot({ side: 'buy', type: 'market', quantity, price: '' }, { ...spotEnv, ...extra }).error?.key;
    expect(buy('0')).toBe('ORDER_AMOUNT_ZERO');
    expect(buy('0.00005')).toBe('ORDER_BELOW_MINIMUM');
    expect(buy('1')).toBe('INSUFFICIENT_BALANCE');
    const sell = evaluateSpot({ side: 'sell', type: 'market', quantity: '0.02', price: '' }, spotEnv);
    expect(sell.error?.key).toBe('INSUFFICIENT_QUANTITY');
    const limit = evaluateSpot({ side: 'buy', type: 'limit', quantity: '0.01', price: '0' }, spotEnv);
    expect(limit.error?.key).toBe('LIMIT_PRICE_ZERO');
  });
});

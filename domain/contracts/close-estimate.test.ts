import { describe, expect, it } from 'vitest';
import { closeEstimate, closeTotals, settleClose, type CloseEstimate } from './close-estimate';

// The default fee rates (server/settings.ts), written out so a settings change cannot move these.
const rules = { feeRate: '0.0005', liquidationFeeRate: '0.005' };

const text = (e: CloseEstimate | null) =>
  e && {
    price: e.price.toFixed(),
    feeRate: e.feeRate.toFixed(),
    fee: e.fee.toFixed(),
    pnl: e.pnl.toFixed(),
    returned: e.returned.toFixed(),
  };

const long = { side: 'long', qty: '0.00208', entryPrice: '60000', margin: '12.48' } as const;
const short = { side: 'short', qty: '0.01', entryPrice: '60000', margin: '60' } as const;

describe('closeEstimate', () => {
  it('a long closed at a loss: PnL, the taker fee on the exit notional, margin + PnL − fee back', () => {
    // PnL (59920 − 60000) × 0.00208 = −0.1664; fee 0.00208 × 59920 × 0.0005 = 124.6336 × 0.0005
    // = 0.0623168; back 12.48 − 0.1664 − 0.0623168 = 12.2512832.
    expect(text(closeEstimate(long, '59920', rules))).toEqual({
      price: '59920',
      feeRate: '0.0005',
      fee: '0.0623168',
      pnl: '-0.1664',
      returned: '12.2512832',
    });
  });

  it('a short closed at a profit', () => {
    // PnL (60000 − 59000) × 0.01 = 10; fee 0.01 × 59000 × 0.0005 = 0.295; back 60 + 10 − 0.295.
    expect(text(closeEstimate(short, '59000', rules))).toEqual({
      price: '59000',
      feeRate: '0.0005',
      fee: '0.295',
      pnl: '10',
      returned: '69.705',
    });
  });

  it('rounds as the server books: PnL half away from zero, the fee up, to 8 decimals', () => {
    const p = { side: 'long', qty: '0.00123', entryPrice: '60000.123456789', margin: '7.38' } as const;
    // PnL 1.376543211 × 0.00123 = 0.00169314814953 → 0.00169315;
    // fee 0.00123 × 60001.5 × 0.0005 = 0.0369009225 → 0.03690093 (up);
    // back 7.38 + 0.00169315 − 0.03690093 = 7.34479222.
    expect(text(closeEstimate(p, '60001.5', rules))).toMatchObject({
      pnl: '0.00169315',
      fee: '0.03690093',
      returned: '7.34479222',
    });
    // A loss of half a unit rounds away from zero: 0.00000001 × −0.5 = −0.000000005 → −0.00000001.
    const tiny = { side: 'short', qty: '0.00000001', entryPrice: '60000', margin: '1' } as const;
    expect(closeEstimate(tiny, '60000.5', rules)?.pnl.toFixed()).toBe('-0.00000001');
  });

  it('never returns less than nothing: the fee takes what the loss leaves, then nothing', () => {
    const thin = { side: 'short', qty: '0.01', entryPrice: '60000', margin: '6' } as const;
    // At 60550: PnL −5.5 leaves 0.5; the fee 0.30275 fits: back 0.19725.
    expect(text(closeEstimate(thin, '60550', rules))).toMatchObject({
      fee: '0.30275',
      pnl: '-5.5',
      returned: '0.19725',
    });
    // At 60580: PnL −5.8 leaves 0.2; the fee (0.3029) takes only that, nothing comes back.
    expect(text(closeEstimate(thin, '60580', rules))).toMatchObject({
      fee: '0.2',
      pnl: '-5.8',
      returned: '0',
    });
    // Past the margin: no fee, nothing back (the market carries the rest).
    expect(text(closeEstimate(thin, '66000', rules))).toMatchObject({ fee: '0', pnl: '-60', returned: '0' });
  });

  it('names the loss past the margin, so margin + PnL + that − fee is what comes back', () => {
    const thin = { side: 'short', qty: '0.01', entryPrice: '60000', margin: '6' } as const;
    const parts = (price: string) => {
      const e = closeEstimate(thin, price, rules)!;
      return {
        margin: e.margin.toFixed(),
        absorbed: e.absorbed.toFixed(),
        adds: e.margin.plus(e.pnl).plus(e.absorbed).minus(e.fee).eq(e.returned),
      };
    };
    // Inside the margin (PnL −5.5, −5.8): nothing absorbed.
    expect(parts('60550')).toEqual({ margin: '6', absorbed: '0', adds: true });
    expect(parts('60580')).toEqual({ margin: '6', absorbed: '0', adds: true });
    // At 66000 the loss is 60 on a margin of 6: 54 is the market's, the fee is 0, 0 comes back.
    expect(parts('66000')).toEqual({ margin: '6', absorbed: '54', adds: true });
    // A profit: nothing absorbed.
    expect(parts('59000')).toEqual({ margin: '6', absorbed: '0', adds: true });
  });

  it('a liquidation close charges the taker and the liquidation fee (0.55%)', () => {
    // Fee 124.6336 × 0.0055 = 0.6854848; back 12.48 − 0.1664 − 0.6854848 = 11.6281152.
    expect(text(closeEstimate(long, '59920', rules, 'liquidation'))).toMatchObject({
      feeRate: '0.0055',
      fee: '0.6854848',
      returned: '11.6281152',
    });
  });

  it('has no answer without a positive price', () => {
    expect(closeEstimate(long, '0', rules)).toBeNull();
    expect(closeEstimate(long, '-1', rules)).toBeNull();
  });
});

describe('settleClose', () => {
  it('splits margin + PnL between the fee and the user, the fee first', () => {
    const s = (margin: string, pnl: string, fees: string) => {
      const r = settleClose({ margin, pnl, fees });
      return [r.credit.toFixed(), r.feesCharged.toFixed()];
    };
    expect(s('10', '2', '0.5')).toEqual(['11.5', '0.5']);
    expect(s('10', '-9.8', '0.5')).toEqual(['0', '0.2']);
    expect(s('10', '-12', '0.5')).toEqual(['0', '0']);
  });
});

describe('closeTotals', () => {
  it('sums the figures of every close; no total when one has no estimate', () => {
    const both = closeTotals([closeEstimate(long, '59920', rules), closeEstimate(short, '59000', rules)]);
    // Fee 0.0623168 + 0.295; PnL −0.1664 + 10; back 12.2512832 + 69.705.
    expect(both && [both.fee.toFixed(), both.pnl.toFixed(), both.returned.toFixed()]).toEqual([
      '0.3573168',
      '9.8336',
      '81.9562832',
    ]);
    expect(both && [both.margin.toFixed(), both.absorbed.toFixed()]).toEqual(['72.48', '0']);
    expect(closeTotals([])?.returned.toFixed()).toBe('0');
    expect(closeTotals([closeEstimate(long, '59920', rules), null])).toBeNull();
  });
});

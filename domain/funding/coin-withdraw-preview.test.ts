import { describe, expect, it } from 'vitest';
import { previewCoinWithdraw } from './coin-withdraw-preview';

// USDT on TRC20 with the sandbox's terms: minimum 10, fixed fee 1.
const trc20 = { minWithdraw: '10', withdrawFee: '1' };

describe('previewCoinWithdraw', () => {
  it('takes the fixed fee from the amount: 25.5 − 1 = 24.5', () => {
    expect(previewCoinWithdraw('25.5', '100', trc20)).toEqual({ ok: true, fee: '1', receive: '24.5' });
  });

  it('is exact at the edges: the minimum itself, and all that is available', () => {
    expect(previewCoinWithdraw('10', '100', trc20)).toEqual({ ok: true, fee: '1', receive: '9' });
    expect(previewCoinWithdraw('100', '100', trc20)).toEqual({ ok: true, fee: '1', receive: '99' });
  });

  it('keeps every satoshi: 0.0123 BTC − 0.0005 = 0.0118', () => {
    const btc = { minWithdraw: '0.001', withdrawFee: '0.0005' };
    expect(previewCoinWithdraw('0.0123', '1', btc)).toEqual({ ok: true, fee: '0.0005', receive: '0.0118' });
  });

  it('refuses below the minimum before anything else', () => {
    expect(previewCoinWithdraw('9.99', '5', trc20)).toEqual({ ok: false, reason: 'BELOW_MINIMUM', fee: '1' });
  });

  it('refuses more than is available', () => {
    expect(previewCoinWithdraw('100.01', '100', trc20)).toMatchObject({
      ok: false,
      reason: 'ABOVE_AVAILABLE',
    });
  });

  it('refuses an amount that the fee would eat whole', () => {
    const steep = { minWithdraw: '1', withdrawFee: '2' };
    expect(previewCoinWithdraw('2', '10', steep)).toMatchObject({ ok: false, reason: 'FEE_EXCEEDS_AMOUNT' });
  });
});

import type { LeverageCase } from '../../domain/risk-check/leverage';
import type { OptionCase } from '../../domain/risk-check/option';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import { checkBuy } from '../options/checks';
import { modelPremium, optionSettings } from '../options/terms';
import { readSetting } from '../settings';
import * as v from '../trading/contracts/validate';

/**
 * The contract the user is about to open, checked as an opening checks it (the symbol, a
 * leverage the broker offers, a live mark) and priced at the mark with the broker's own rules,
 * with the leverages a retry may draw from.
 */
export async function leverageCase(
  db: Db,
  market: MarketSource,
  input: { symbol: string; side: 'long' | 'short'; leverage: number; margin: string },
): Promise<{ basis: LeverageCase; leverages: number[] }> {
  const instrument = v.contractInstrument(market, input.symbol.toUpperCase());
  const settings = await readSetting(db, 'contracts');
  v.checkLeverage(settings, input.leverage);
  if (input.leverage <= 5) throw new ApiError('RISK_CHECK_NOT_NEEDED');
  const mark = v.currentMark(market, instrument.symbol);
  const basis: LeverageCase = {
    symbol: instrument.symbol,
    side: input.side,
    leverage: input.leverage,
    margin: input.margin,
    mark: mark.toFixed(),
    fundingRate: market.mark(instrument.symbol)?.funding ?? '0',
    rules: {
      feeRate: settings.feeRate,
      liquidationFeeRate: settings.liquidationFeeRate,
      tiers: settings.tiers,
    },
    qtyScale: instrument.qtyScale,
    priceScale: instrument.priceScale,
  };
  return { basis, leverages: [...settings.leverages] };
}

/** The option about to be bought, checked as a buy checks it and priced by the model now. */
export async function optionCase(
  db: Db,
  market: MarketSource,
  input: { symbol: string; optionKind: 'call' | 'put'; strike: string; expiresAt: number; contracts: number },
  now: number,
): Promise<OptionCase> {
  const settings = await optionSettings(db);
  const { u, expiresAt, strike, contract } = await checkBuy(
    db,
    market,
    { ...input, kind: input.optionKind, contracts: String(input.contracts) },
    settings,
    now,
  );
  const premium = modelPremium(u, input.optionKind, u.spot, strike, now, expiresAt);
  if (!premium) throw new ApiError('NOT_TRADABLE');
  return {
    symbol: contract.symbol,
    kind: input.optionKind,
    strike,
    spot: u.spot,
    premium: premium.toFixed(),
    multiplier: contract.multiplier,
    contracts: contract.contracts,
    feeRate: settings.feeRate,
    minFee: settings.minFee,
  };
}

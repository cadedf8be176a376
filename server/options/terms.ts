import Decimal from 'decimal.js';
import { blackScholes, type OptionKind } from '../../domain/options/black-scholes';
import {
  optionExpiries,
  strikeGrid,
  strikeOffered,
  yearsToExpiry,
  type Expiry,
  type SessionClose,
} from '../../domain/options/grid';
import { premiumOf } from '../../domain/options/money';
import { fromSteps, STOCK_PRICE_SCALE, toSteps } from '../../domain/market/ticks';
import type { OptionRule } from '../../domain/protocol/options';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { createCalendar } from '../market/calendar';
import type { Instrument, MarketSource } from '../market/source';
import { requireListed } from '../primary/ipo/listing';
import { readSetting, type Settings } from '../settings';

export type OptionSettings = Settings['options'];

/** The exchange calendar itself: expiries are session closes whatever the always-open switch says. */
const calendar = createCalendar({ alwaysOpen: false });
/** Far enough ahead to reach the month after next's last session through any holidays. */
const CALENDAR_DAYS = 70;

/**
 * NOT_TRADABLE for a stock the stock order path refuses (server/routes/stock-orders.ts): an IPO's
 * stock before its listing date (domain/rules/tradable `isListed`). Its source may already print a
 * price, but an option on it would be priced from a market that does not trade yet.
 */
export async function requireTradable(db: Db, u: Pick<Underlying, 'instrument'>, now: number): Promise<void> {
  await requireListed(db, u.instrument.symbol, now);
}

/** The coming sessions' closes, for domain/options/grid. */
export function sessionCloses(now: number): SessionClose[] {
  const today = calendar.dayOf(now);
  const list: SessionClose[] = [];
  for (let day = today; day <= today + CALENDAR_DAYS; day++) {
    const session = calendar.session(day);
    if (session) list.push({ day, close: session.close });
  }
  return list;
}

/** What an underlying offers now: the source's figures and the configured terms. */
export type Underlying = {
  instrument: Instrument;
  spot: string;
  spotAt: number;
  spotSteps: number;
  /** Annualised, from the source. */
  volatility: number;
  settings: OptionSettings;
  expiries: Expiry[];
};

export async function optionSettings(db: Db): Promise<OptionSettings> {
  return readSetting(db, 'options');
}

/**
 * Options are on stocks (TRY, the stock account) whose source knows their volatility and prints
 * a price: anything else is UNKNOWN_SYMBOL (not in the catalogue) or NOT_TRADABLE.
 */
export function underlyingOf(
  market: MarketSource,
  symbol: string,
  settings: OptionSettings,
  now: number,
): Underlying {
  const instrument = market.instrument(symbol);
  if (!instrument) throw new ApiError('UNKNOWN_SYMBOL');
  const volatility = instrument.market === 'stock' ? (market.volatility?.(symbol) ?? null) : null;
  const ticker = market.ticker(symbol);
  const spotSteps = ticker ? toSteps(ticker.last, STOCK_PRICE_SCALE) : NaN;
  if (
    volatility === null ||
    !(volatility >= 0) ||
    instrument.priceScale !== STOCK_PRICE_SCALE ||
    !ticker ||
    !(spotSteps > 0)
  )
    throw new ApiError('NOT_TRADABLE');
  return {
    instrument,
    spot: ticker.last,
    spotAt: ticker.t,
    spotSteps,
    // Priced on the figure the rule shows, so a ticket repricing from the rule gets the same premium.
    volatility: Number(volatilityText(volatility)),
    settings,
    expiries: optionExpiries(sessionCloses(now), now, settings.minLifeMinutes * 60_000),
  };
}

/** The model premium per share now (truncated Decimal); null when the model has no answer. */
export function modelPremium(
  u: Pick<Underlying, 'volatility' | 'settings'>,
  kind: OptionKind,
  spot: string,
  strike: string,
  now: number,
  expiresAt: number,
): Decimal | null {
  const { price } = blackScholes({
    kind,
    spot: Number(spot),
    strike: Number(strike),
    years: yearsToExpiry(now, expiresAt),
    rate: Number(u.settings.rate),
    vol: u.volatility,
  });
  return premiumOf(price);
}

export function strikesOf(u: Underlying): string[] {
  return strikeGrid(u.spotSteps, Number(u.settings.strikeStepRate), u.settings.strikesEachSide).map((s) =>
    fromSteps(s, STOCK_PRICE_SCALE),
  );
}

/** A strike the ticket may buy: on today's grid (or a step past it); else OPTION_STRIKE_UNKNOWN. */
export function checkStrike(u: Underlying, strike: string): string {
  const steps = toSteps(strike, STOCK_PRICE_SCALE);
  if (
    !Number.isSafeInteger(steps) ||
    !strikeOffered(steps, u.spotSteps, Number(u.settings.strikeStepRate), u.settings.strikesEachSide)
  )
    throw new ApiError('OPTION_STRIKE_UNKNOWN');
  return fromSteps(steps, STOCK_PRICE_SCALE);
}

/** An expiry the rules offer now; one already past is OPTION_EXPIRED, any other unknown. */
export function checkExpiry(u: Underlying, expiresAt: number, now: number): Expiry {
  if (expiresAt <= now) throw new ApiError('OPTION_EXPIRED');
  const expiry = u.expiries.find((e) => e.expiresAt === expiresAt);
  if (!expiry) throw new ApiError('OPTION_EXPIRY_UNKNOWN');
  return expiry;
}

/** The annual volatility as a decimal string, to 4 places (the rule's and a position's figure). */
export function volatilityText(volatility: number): string {
  return new Decimal(volatility.toFixed(4)).toFixed();
}

/** GET /stock/index/option/rule. */
export async function optionRule(
  db: Db,
  market: MarketSource,
  symbol: string,
  now: number,
): Promise<OptionRule> {
  const settings = await optionSettings(db);
  const u = underlyingOf(market, symbol, settings, now);
  await requireTradable(db, u, now);
  return {
    symbol: u.instrument.symbol,
    name: u.instrument.name,
    currency: 'TRY',
    priceScale: u.instrument.priceScale,
    spot: u.spot,
    spotAt: u.spotAt,
    volatility: volatilityText(u.volatility),
    rate: settings.rate,
    multiplier: settings.multiplier,
    strikes: strikesOf(u),
    expiries: u.expiries,
    feeRate: settings.feeRate,
    minFee: settings.minFee,
    minPremium: settings.minPremium,
    maxContracts: String(settings.maxContracts),
    closeSpread: settings.closeSpread,
    priceTolerance: settings.priceTolerance,
    quoteSeconds: settings.quoteSeconds,
    marketOpen: market.status('BIST').open,
  };
}

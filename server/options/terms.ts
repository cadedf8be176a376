import Decimal from 'decimal.js';
import type { OptionKind } from '../../domain/options/black-scholes';
import {
  optionExpiries,
  strikeGrid,
  strikeOffered,
  tradingMsBetween,
  yearsToExpiry,
  type Expiry,
  type SessionClose,
} from '../../domain/options/grid';
import { optionModel, type Greeks, type PriceProcess } from '../../domain/options/model';
import { premiumOf } from '../../domain/options/money';
import { fromSteps, STOCK_PRICE_SCALE, toSteps } from '../../domain/market/ticks';
import type { OptionRule } from '../../domain/protocol/options';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { createCalendar } from '../market/calendar';
import { stockProcess } from '../market/simulator/fair-value';
import type { Instrument, MarketSource } from '../market/source';
import { requireListed } from '../primary/ipo/listing';
import { readSetting, type Settings } from '../settings';
import { DAY_MS } from '../../domain/time';

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
    if (session) list.push({ day, open: session.open, close: session.close });
  }
  return list;
}

/**
 * The middle of the best bid and ask, when the book has both: what the stock is worth now (in
 * price steps, half a step when the spread is odd). The last trade is no price to quote from: it
 * is the bid or the ask, whichever was hit last, and jumps between them within a quarter second
 * on a book that has not moved.
 */
function midOf(market: MarketSource, symbol: string): { text: string; steps: number } | null {
  const book = market.book(symbol, 1);
  const bid = book?.bids[0]?.[0];
  const ask = book?.asks[0]?.[0];
  if (!bid || !ask || !new Decimal(ask).gt(bid)) return null;
  const steps = (toSteps(bid, STOCK_PRICE_SCALE) + toSteps(ask, STOCK_PRICE_SCALE)) / 2;
  return Number.isFinite(steps) ? { text: new Decimal(bid).plus(ask).div(2).toFixed(), steps } : null;
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
  /** How the stock moves per unit of trading time (the simulator's process at the source's volatility). */
  process: PriceProcess;
  /** The sessions trading time is counted in; null when BIST trades around the clock. */
  sessions: SessionClose[] | null;
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
  const mid = ticker ? midOf(market, symbol) : null;
  const spot = mid?.text ?? ticker?.last ?? '';
  // The grid is laid around a whole step: a mid half a step up is rounded up.
  const spotSteps = mid ? Math.round(mid.steps) : ticker ? toSteps(ticker.last, STOCK_PRICE_SCALE) : NaN;
  if (
    volatility === null ||
    !(volatility >= 0) ||
    instrument.priceScale !== STOCK_PRICE_SCALE ||
    !ticker ||
    !(spotSteps > 0)
  )
    throw new ApiError('NOT_TRADABLE');
  const closes = sessionCloses(now);
  const alwaysOpen = market.status('BIST').state === 'always_open';
  // Priced on the figure the rule shows, so a ticket repricing from the rule gets the same premium.
  const shown = Number(volatilityText(volatility));
  return {
    instrument,
    spot,
    spotAt: ticker.t,
    spotSteps,
    volatility: shown,
    settings,
    expiries: optionExpiries(closes, now, settings.minLifeMinutes * 60_000),
    process: (market.priceProcess ?? stockProcess)(shown, alwaysOpen),
    sessions: alwaysOpen ? null : closes,
  };
}

/** The premium per share and its Greeks now, on the stock's own process and trading time. */
export function modelGreeks(
  u: Pick<Underlying, 'process' | 'sessions' | 'settings'>,
  kind: OptionKind,
  spot: string,
  strike: string,
  now: number,
  expiresAt: number,
): Greeks {
  return optionModel({
    kind,
    spot: Number(spot),
    strike: Number(strike),
    tradingMs: tradingMsBetween(u.sessions, now, expiresAt),
    years: yearsToExpiry(now, expiresAt),
    rate: Number(u.settings.rate),
    process: u.process,
    dayTradingMs: u.sessions === null ? DAY_MS : u.process.sessionMs,
  });
}

/** The model premium per share now (truncated Decimal); null when the model has no answer. */
export function modelPremium(...args: Parameters<typeof modelGreeks>): Decimal | null {
  return premiumOf(modelGreeks(...args).price);
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
    process: {
      sessionsPerYear: u.process.sessionsPerYear,
      sessionMs: u.process.sessionMs,
      jumpsPerSession: u.process.jumpsPerSession,
      jumpShare: u.process.jumpShare,
      clusterStepMs: u.process.clusterStepMs,
      persistence: u.process.persistence,
      afterglowShare: u.process.afterglowShare,
      clustering: u.process.clustering,
    },
    sessions: u.sessions && u.sessions.map((s) => ({ open: s.open, close: s.close })),
  };
}

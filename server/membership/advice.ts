import { levelsOf, outcomeOf, trackRecordOf, type Outcome } from '../../domain/advice/levels';
import { ADVICE_PARAMS, signalsOf, type AdviceBar } from '../../domain/advice/signals';
import {
  ADVICE_KINDS,
  type Advice,
  type AdviceList,
  type AdviceKind,
} from '../../domain/protocol/membership';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import { isVipMember } from './vip';
import { DAY_MS } from '../../domain/time';

/** Daily bars read per stock: the record replays them; the advice is the last few's signals. */
export const ADVICE_HISTORY_BARS = 400;
/** A signal is current advice for this many bars after its own, while still undecided. */
const FRESH_BARS = 5;

/**
 * A stock's last ADVICE_HISTORY_BARS closed daily bars at `now`: a bar is closed once its day has
 * ended. (The source's last bar is not always the live one — a stock opens today's bar on its
 * first print — so "all but the last" would shift with that print.)
 */
export function closedBars(market: MarketSource, symbol: string, now: number): AdviceBar[] {
  return market
    .candles(symbol, '1d', ADVICE_HISTORY_BARS + 2)
    .filter((c) => c.t + DAY_MS <= now)
    .slice(-ADVICE_HISTORY_BARS)
    .map((c) => ({ t: c.t, h: c.h, l: c.l, c: c.c }));
}

/**
 * Trading advice for VIP members: domain/advice's rules on every BIST stock's daily
 * bars from the market source (the same source as prices and fills, DECISIONS §2). Today's
 * unfinished bar is left out: a signal stands on closed bars only. Each kind's track record
 * replays the same rule over the same history — decided signals only, past results, no promise.
 */
export function adviceFrom(market: MarketSource, now: number): AdviceList {
  const outcomes = new Map<AdviceKind, Outcome[]>(ADVICE_KINDS.map((k) => [k, []]));
  const list: Advice[] = [];
  for (const instrument of market.instruments()) {
    if (instrument.market !== 'stock' || instrument.country !== 'TR') continue;
    const bars = closedBars(market, instrument.symbol, now);
    for (const kind of ADVICE_KINDS)
      for (const signal of signalsOf(bars, kind)) {
        const levels = levelsOf(bars, signal.index, ADVICE_PARAMS, instrument.priceScale);
        if (!levels) continue;
        const outcome = outcomeOf(bars, signal.index, levels, ADVICE_PARAMS.horizon);
        if (outcome) {
          outcomes.get(kind)?.push(outcome);
          continue;
        }
        // Undecided: current advice if recent and neither stop nor target was reached since.
        const reached = bars
          .slice(signal.index + 1)
          .some((b) => Number(b.l) <= Number(levels.stop) || Number(b.h) >= Number(levels.target));
        if (signal.index < bars.length - FRESH_BARS || reached) continue;
        list.push({
          symbol: instrument.symbol,
          name: instrument.name,
          kind,
          signalAt: bars[signal.index]?.t ?? now,
          ...levels,
          facts: signal.facts,
        });
      }
  }
  list.sort((a, b) => b.signalAt - a.signalAt || a.symbol.localeCompare(b.symbol));
  return {
    generatedAt: now,
    historyBars: ADVICE_HISTORY_BARS,
    horizonBars: ADVICE_PARAMS.horizon,
    stopLookback: ADVICE_PARAMS.stopLookback,
    rewardRisk: ADVICE_PARAMS.rewardRisk,
    list,
    records: ADVICE_KINDS.map((kind) => ({ kind, ...trackRecordOf(outcomes.get(kind) ?? []) })),
  };
}

/**
 * The advice reads closed daily bars only, so it changes once a day: computed once per closed
 * day and source (a few hundred ms over every stock) rather than on every request, which would
 * hold up the process's event loop — and the engines on it — each time.
 */
const computed = new WeakMap<MarketSource, { day: number; advice: AdviceList }>();

function adviceOfTheDay(market: MarketSource, now: number): AdviceList {
  const reference = market.instruments().find((i) => i.market === 'stock' && i.country === 'TR');
  const day = reference ? (closedBars(market, reference.symbol, now).at(-1)?.t ?? 0) : 0;
  const cached = computed.get(market);
  if (cached && cached.day === day) return cached.advice;
  const advice = adviceFrom(market, now);
  computed.set(market, { day, advice });
  return advice;
}

/** Members only; others are invited to become VIP. */
export async function listAdvice(
  db: Db,
  market: MarketSource,
  userId: bigint,
  now: number,
): Promise<AdviceList> {
  if (!(await isVipMember(db, userId, now))) throw new ApiError('VIP_REQUIRED');
  return adviceOfTheDay(market, now);
}

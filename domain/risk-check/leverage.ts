import Decimal from 'decimal.js';
import {
  fundingPayment,
  liquidationPrice,
  openCost,
  shouldLiquidate,
  unrealizedPnl,
  type MarginRules,
} from '../contracts';
import type { PositionSide } from '../protocol/contracts';
import { shuffleChoices, type KeyedQuestion, type Random } from './question';

/**
 * The contract the user is about to open, as the ticket would open it at the mark now: the same
 * figures the ticket shows and the broker books (domain/contracts), so a question's answer is
 * what this position would really do.
 */
export type LeverageCase = {
  symbol: string;
  side: PositionSide;
  leverage: number;
  /** USDT offered as margin. */
  margin: string;
  mark: string;
  /** Funding in percent per 8 h interval, as the source announces it ('0.0100' is 0.01 %). */
  fundingRate: string;
  rules: MarginRules;
  qtyScale: number;
  priceScale: number;
};

/** Funding boundaries a day (every 8 h). */
const FUNDINGS_A_DAY = 3;
/** A rate too small to make a question: the usual 0.01 % an interval is asked about instead. */
const USUAL_FUNDING_RATE = '0.01';
const MONEY_PLACES = 2;
const FUNDING_PLACES = 4;

type Opened = { qty: Decimal; margin: Decimal; notional: Decimal };

/** The position the margin opens at the mark (openCost, as the ticket previews it); null for none. */
export function openedAt(c: LeverageCase): Opened | null {
  const cost = openCost({
    margin: c.margin,
    price: c.mark,
    leverage: c.leverage,
    feeRate: c.rules.feeRate,
    qtyScale: c.qtyScale,
  });
  return cost ? { qty: cost.qty, margin: cost.margin, notional: cost.notional } : null;
}

function baseFacts(c: LeverageCase, o: Opened): Record<string, string> {
  return {
    symbol: c.symbol,
    side: c.side,
    leverage: String(c.leverage),
    margin: o.margin.toFixed(),
    entry: c.mark,
    qty: o.qty.toFixed(),
  };
}

/** At what mark price the position is liquidated (liquidationPrice), and the usual wrong readings. */
export function liquidationQuestion(id: string, c: LeverageCase, o: Opened, random: Random): KeyedQuestion {
  const core = { side: c.side, qty: o.qty, entryPrice: c.mark, margin: o.margin };
  const liq = liquidationPrice(core, c.rules) ?? new Decimal(0);
  const mark = new Decimal(c.mark);
  const sign = c.side === 'long' ? -1 : 1;
  // Moves of the price the price alone suggests: a whole margin (no maintenance, no fee), half of
  // it, twice it, a flat 10 %.
  const at = (fraction: Decimal.Value) => mark.mul(new Decimal(1).plus(new Decimal(fraction).mul(sign)));
  const inverse = new Decimal(1).div(c.leverage);
  const candidates = [liq, at(inverse), at(inverse.div(2)), at(0.1), at(inverse.mul(2)), at(0.2)]
    .filter((p) => p.gt(0))
    .map((p) => ({ value: p.toFixed(), tag: 'amount' as const }));
  const { choices, answer } = shuffleChoices(candidates, c.priceScale, random);
  return {
    id,
    topic: 'liquidation',
    unit: 'price',
    facts: baseFacts(c, o),
    choices,
    answer,
    explain: {
      liquidation: liq.toDecimalPlaces(c.priceScale).toFixed(),
      naive: at(inverse).toDecimalPlaces(c.priceScale).toFixed(),
    },
  };
}

/** What a 10 % move against the position does to its margin: the loss, or the liquidation. */
export function dropQuestion(id: string, c: LeverageCase, o: Opened, random: Random): KeyedQuestion {
  const core = { side: c.side, qty: o.qty, entryPrice: c.mark, margin: o.margin };
  const moved = new Decimal(c.mark).mul(c.side === 'long' ? 0.9 : 1.1);
  const loss = unrealizedPnl(c.side, o.qty, c.mark, moved).neg();
  const liquidated = shouldLiquidate(core, moved, c.rules);
  const amount = (v: Decimal) => ({ value: v.toFixed(), tag: 'amount' as const });
  const wrongs = [amount(o.margin.mul(0.1)), amount(loss.div(2)), amount(o.margin.minus(loss).abs())];
  const candidates = liquidated
    ? [
        { value: null, tag: 'liquidated' as const },
        amount(o.margin.mul(0.1)),
        amount(loss.div(2)),
        amount(loss.div(4)),
      ]
    : [amount(loss), { value: null, tag: 'liquidated' as const }, ...wrongs];
  const { choices, answer } = shuffleChoices(candidates, MONEY_PLACES, random);
  return {
    id,
    topic: 'drop10',
    unit: 'USDT',
    facts: { ...baseFacts(c, o), moved: moved.toDecimalPlaces(c.priceScale).toFixed() },
    choices,
    answer,
    explain: {
      loss: loss.toDecimalPlaces(MONEY_PLACES).toFixed(),
      left: Decimal.max(o.margin.minus(loss), 0).toDecimalPlaces(MONEY_PLACES).toFixed(),
      liquidated: liquidated ? '1' : '0',
    },
  };
}

/** What funding costs the position a day at the announced rate (fundingPayment, three times). */
export function fundingQuestion(id: string, c: LeverageCase, o: Opened, random: Random): KeyedQuestion {
  const announced = new Decimal(c.fundingRate || 0);
  const rate = announced.abs().lt('0.0001') ? new Decimal(USUAL_FUNDING_RATE) : announced;
  const once = fundingPayment(c.side, o.qty, c.mark, rate);
  const day = once.mul(FUNDINGS_A_DAY);
  const onMargin = fundingPayment(c.side, o.margin.div(c.mark), c.mark, rate).mul(FUNDINGS_A_DAY);
  const amount = (v: Decimal) => ({ value: v.toFixed(), tag: 'amount' as const });
  const candidates = [amount(day), amount(once), amount(onMargin), amount(once.mul(24)), amount(day.neg())];
  const { choices, answer } = shuffleChoices(candidates, FUNDING_PLACES, random);
  return {
    id,
    topic: 'funding',
    unit: 'USDT',
    facts: { ...baseFacts(c, o), rate: rate.toFixed(), notional: o.notional.toFixed() },
    choices,
    answer,
    explain: { once: once.toFixed(), day: day.toFixed() },
  };
}

/**
 * The round's questions for a contract about to be opened; null when the margin opens nothing
 * at this price (the ticket refuses such an opening anyway).
 */
export function leverageQuestions(
  c: LeverageCase,
  random: Random,
  ids: readonly string[],
): KeyedQuestion[] | null {
  const o = openedAt(c);
  if (!o) return null;
  const [a = 'q1', b = 'q2', f = 'q3'] = ids;
  return [
    liquidationQuestion(a, c, o, random),
    dropQuestion(b, c, o, random),
    fundingQuestion(f, c, o, random),
  ];
}

/**
 * The same question on other numbers, after a wrong answer: another allowed leverage above 5×,
 * another margin and an entry a few per cent away, so the answer cannot be remembered, only worked
 * out again. null when the case opens nothing.
 */
export function leverageRetry(
  topic: 'liquidation' | 'drop10' | 'funding',
  id: string,
  c: LeverageCase,
  leverages: readonly number[],
  random: Random,
): KeyedQuestion | null {
  const pick = <T>(items: readonly T[], fallback: T): T =>
    items[Math.floor(random() * items.length)] ?? fallback;
  const margin = new Decimal(c.margin)
    .mul(pick([0.5, 0.75, 1.5, 2], 2))
    .toDecimalPlaces(2)
    .toFixed();
  const mark = new Decimal(c.mark)
    .mul(pick([0.95, 0.97, 1.03, 1.05], 1.05))
    .toDecimalPlaces(c.priceScale)
    .toFixed();
  const leverage = pick(
    leverages.filter((l) => l > 5 && l !== c.leverage),
    c.leverage,
  );
  const next: LeverageCase = { ...c, margin, mark, leverage };
  const o = openedAt(next);
  if (!o) return null;
  if (topic === 'liquidation') return liquidationQuestion(id, next, o, random);
  return topic === 'drop10' ? dropQuestion(id, next, o, random) : fundingQuestion(id, next, o, random);
}

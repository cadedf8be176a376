import type Decimal from 'decimal.js';
import { DAY_MS } from '../time';
import { istanbulDay } from './calendar';
import { jd, type ClosedTrade } from './trade';

/** A set of trades' figures, one currency's (money of two currencies never adds up). */
export type TradeStats = {
  trades: number;
  wins: number;
  losses: number;
  /** Wins ÷ trades × 100; null without trades. A trade that made exactly 0 is neither. */
  winRate: Decimal | null;
  totalPnl: Decimal;
  /** The mean of the winners' P&L; null without a winner. */
  avgWin: Decimal | null;
  /** The mean of the losers' P&L (negative); null without a loser. */
  avgLoss: Decimal | null;
  /** What a trade made on average: total ÷ trades (= win rate × average win + loss rate × average loss). */
  expectancy: Decimal | null;
  /** The deepest fall of the equity curve from a peak (≥ 0). */
  maxDrawdown: Decimal;
  /** Mean ÷ sample deviation of the daily P&L, × √365; null under two days or with no deviation. */
  sharpe: Decimal | null;
};

/** Calendar days a year: the daily series has every day, weekends too (coins trade on them). */
const DAYS_A_YEAR = 365;

/**
 * The deepest fall from a running peak along an equity curve that starts at 0 and moves by each
 * step in turn: max over points of (highest so far − here). The last step may be the open
 * positions' P&L at the marks now, so the curve ends marked to market.
 */
export function maxDrawdown(steps: readonly Decimal.Value[]): Decimal {
  let equity = jd(0);
  let peak = jd(0);
  let deepest = jd(0);
  for (const step of steps) {
    equity = equity.plus(step);
    if (equity.gt(peak)) peak = equity;
    const fall = peak.minus(equity);
    if (fall.gt(deepest)) deepest = fall;
  }
  return deepest;
}

/** P&L per Istanbul day from the first trade's close day to the last's, days without trades 0. */
export function dailyPnl(trades: readonly ClosedTrade[]): Decimal[] {
  if (trades.length === 0) return [];
  const byDay = new Map<number, Decimal>();
  let first = Infinity;
  let last = -Infinity;
  for (const t of trades) {
    const day = Date.parse(istanbulDay(t.closedAt)) / DAY_MS;
    first = Math.min(first, day);
    last = Math.max(last, day);
    byDay.set(day, (byDay.get(day) ?? jd(0)).plus(t.pnl));
  }
  const days: Decimal[] = [];
  for (let day = first; day <= last; day++) days.push(byDay.get(day) ?? jd(0));
  return days;
}

/** Annualised Sharpe ratio of a daily P&L series (no risk-free rate: paper money earns none). */
export function sharpe(daily: readonly Decimal[]): Decimal | null {
  const n = daily.length;
  if (n < 2) return null;
  const mean = daily.reduce((s, v) => s.plus(v), jd(0)).div(n);
  const variance = daily.reduce((s, v) => s.plus(v.minus(mean).pow(2)), jd(0)).div(n - 1);
  if (variance.isZero()) return null;
  return mean.div(variance.sqrt()).mul(jd(DAYS_A_YEAR).sqrt());
}

/**
 * The figures of `trades` (one currency), in close order; `openPnl` the open positions' P&L at
 * the marks now, the drawdown's last step.
 */
export function tradeStats(trades: readonly ClosedTrade[], openPnl: Decimal.Value = 0): TradeStats {
  const sorted = [...trades].sort((a, b) => a.closedAt - b.closedAt || a.id.localeCompare(b.id));
  const winners = sorted.filter((t) => t.pnl.gt(0));
  const losers = sorted.filter((t) => t.pnl.lt(0));
  const sum = (list: readonly ClosedTrade[]) => list.reduce((s, t) => s.plus(t.pnl), jd(0));
  const n = sorted.length;
  const total = sum(sorted);
  return {
    trades: n,
    wins: winners.length,
    losses: losers.length,
    winRate: n === 0 ? null : jd(winners.length).div(n).mul(100),
    totalPnl: total,
    avgWin: winners.length === 0 ? null : sum(winners).div(winners.length),
    avgLoss: losers.length === 0 ? null : sum(losers).div(losers.length),
    expectancy: n === 0 ? null : total.div(n),
    maxDrawdown: maxDrawdown([...sorted.map((t) => t.pnl), openPnl]),
    sharpe: sharpe(dailyPnl(sorted)),
  };
}

import { HOUR_MS } from '../time';
import { holdingMs, jd, notionalOf, type ClosedTrade } from './trade';

export const BEHAVIOUR_FLAGS = ['moreAfterLoss', 'sizeAfterLoss', 'leverageCreep', 'holdLosers'] as const;
export type BehaviourKind = (typeof BEHAVIOUR_FLAGS)[number];

/**
 * What a coach would point at, with the trades that show it: `raised` when the pattern is clear
 * enough to mention (the thresholds below), `figures` the numbers the sentence shows.
 */
export type BehaviourFlag = {
  kind: BehaviourKind;
  raised: boolean;
  figures: Record<string, string>;
  tradeIds: string[];
};

/** Trades opened this soon after a close are "after" it: revenge trades come within the hour. */
export const AFTER_WINDOW_MS = HOUR_MS;
/** A size this much above the trade before (+20 %) counts as grown. */
export const SIZE_GROWTH = '1.2';
/** Losers held this many times the winners' average before it is mentioned. */
export const HOLD_RATIO = '1.5';
/** How many trades must show a pattern before it is raised (one is chance). */
export const MIN_CASES = 2;

const byOpen = (trades: readonly ClosedTrade[]) =>
  [...trades].sort((a, b) => a.openedAt - b.openedAt || a.id.localeCompare(b.id));

/** Trades opened within the window after each close of `closers` (a trade counted once a closer). */
function openedAfter(closers: readonly ClosedTrade[], all: readonly ClosedTrade[]): ClosedTrade[][] {
  return closers.map((c) =>
    all.filter(
      (t) => t.id !== c.id && t.openedAt >= c.closedAt && t.openedAt - c.closedAt <= AFTER_WINDOW_MS,
    ),
  );
}

/** More trades opened within the hour after a loss than after a win (1.5× or more, and at least two). */
export function moreAfterLoss(trades: readonly ClosedTrade[]): BehaviourFlag {
  const losses = trades.filter((t) => t.pnl.lt(0));
  const wins = trades.filter((t) => t.pnl.gt(0));
  const afterLoss = openedAfter(losses, trades);
  const afterWin = openedAfter(wins, trades);
  const count = (lists: ClosedTrade[][]) => lists.reduce((n, l) => n + l.length, 0);
  const perLoss = losses.length ? jd(count(afterLoss)).div(losses.length) : jd(0);
  const perWin = wins.length ? jd(count(afterWin)).div(wins.length) : jd(0);
  const behind = [...new Set(afterLoss.flat().map((t) => t.id))];
  return {
    kind: 'moreAfterLoss',
    raised: behind.length >= MIN_CASES && perLoss.gte(perWin.mul(HOLD_RATIO)) && perLoss.gt(perWin),
    figures: { perLoss: perLoss.toDecimalPlaces(2).toFixed(), perWin: perWin.toDecimalPlaces(2).toFixed() },
    tradeIds: behind,
  };
}

/** A trade opened after a loss (in the same currency) with a size over 1.2× the losing trade's. */
export function sizeAfterLoss(trades: readonly ClosedTrade[]): BehaviourFlag {
  const sorted = byOpen(trades);
  const grown: string[] = [];
  let afterLosses = 0;
  for (const [i, t] of sorted.entries()) {
    const before = sorted
      .slice(0, i)
      .filter((p) => p.currency === t.currency && p.closedAt <= t.openedAt)
      .sort((a, b) => a.closedAt - b.closedAt)
      .at(-1);
    if (!before?.pnl.lt(0)) continue;
    afterLosses += 1;
    if (notionalOf(t).gt(notionalOf(before).mul(SIZE_GROWTH))) grown.push(t.id);
  }
  return {
    kind: 'sizeAfterLoss',
    raised: grown.length >= MIN_CASES && grown.length * 2 >= afterLosses,
    figures: { grown: String(grown.length), afterLosses: String(afterLosses) },
    tradeIds: grown,
  };
}

/** Contract leverage rising from one position to the next more often than it falls. */
export function leverageCreep(trades: readonly ClosedTrade[]): BehaviourFlag {
  const levered = byOpen(trades).filter((t) => t.leverage !== null);
  const rises: string[] = [];
  let falls = 0;
  for (let i = 1; i < levered.length; i++) {
    const now = levered[i]?.leverage ?? 0;
    const before = levered[i - 1]?.leverage ?? 0;
    if (now > before) rises.push(levered[i]?.id ?? '');
    else if (now < before) falls += 1;
  }
  const first = levered[0]?.leverage ?? 0;
  const last = levered.at(-1)?.leverage ?? 0;
  return {
    kind: 'leverageCreep',
    raised: rises.length >= MIN_CASES && rises.length > falls && last > first,
    figures: { from: String(first), to: String(last), rises: String(rises.length) },
    tradeIds: rises,
  };
}

/** Losers held 1.5× as long as winners on average; the losers held past the winners' average. */
export function holdLosers(trades: readonly ClosedTrade[]): BehaviourFlag {
  const wins = trades.filter((t) => t.pnl.gt(0));
  const losses = trades.filter((t) => t.pnl.lt(0));
  const mean = (list: readonly ClosedTrade[]) =>
    list.length ? jd(list.reduce((s, t) => s + holdingMs(t), 0)).div(list.length) : jd(0);
  const winHold = mean(wins);
  const lossHold = mean(losses);
  const behind = wins.length ? losses.filter((t) => winHold.lt(holdingMs(t))).map((t) => t.id) : [];
  return {
    kind: 'holdLosers',
    raised:
      wins.length > 0 && losses.length >= MIN_CASES && winHold.gt(0) && lossHold.gte(winHold.mul(HOLD_RATIO)),
    figures: {
      winnerMinutes: winHold.div(60_000).toDecimalPlaces(0).toFixed(),
      loserMinutes: lossHold.div(60_000).toDecimalPlaces(0).toFixed(),
    },
    tradeIds: behind,
  };
}

/** All four, in a fixed order. */
export function behaviourFlags(trades: readonly ClosedTrade[]): BehaviourFlag[] {
  return [moreAfterLoss(trades), sizeAfterLoss(trades), leverageCreep(trades), holdLosers(trades)];
}

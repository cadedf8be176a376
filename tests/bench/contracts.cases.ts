// pnl-200: one mark tick recomputes PnL, ROE, margin ratio and liquidation price of 200 open
// positions in the worker (workers/live-positions.ts, the code the worker runs: figuresAt over
// positions prepared once) and writes the changed ones into a patch. Goal: 1 ms per tick.
// Positions: seeded, long and short, every leverage choice, notionals across the maintenance
// tiers, all on one symbol (the worst case: every one of them moves on the tick).
import Decimal from 'decimal.js';
import { positionFigures } from '../../domain/contracts/figures';
import { openCost } from '../../domain/contracts/open-cost';
import type { LivePositionInput, MarketPatch } from '../../domain/market-data/contract';
import { LivePositions } from '../../workers/live-positions';
import { CONTRACT_RULES } from '../support/contract-rules';
import { pick, rng } from '../support/random';
import type { Case } from './harness';

const RULES = CONTRACT_RULES;
const SYMBOL = 'BTCUSDT';
const POSITIONS = 200;
const TICKS = 2_000;

function positions(seed: number): LivePositionInput[] {
  const random = rng(seed);
  return Array.from({ length: POSITIONS }, (_, i) => {
    const entry = new Decimal(60_000 + Math.floor(random() * 1_000_000) / 100);
    const qty = new Decimal(Math.floor(10 ** (random() * 5) * 10)).div(1000).plus('0.001');
    const leverage = pick(random, [1, 2, 3, 5, 10, 20]);
    const cost = openCost({ quantity: qty, price: entry, leverage, feeRate: RULES.feeRate, qtyScale: 3 });
    return {
      id: String(i + 1),
      symbol: SYMBOL,
      side: random() < 0.5 ? 'long' : 'short',
      qty: qty.toFixed(),
      entryPrice: entry.toFixed(),
      margin: cost!.margin.toFixed(),
    };
  });
}

/** A mark walk in cents around 65,000: each tick a different price, as a busy market prints. */
function marks(seed: number): string[] {
  const random = rng(seed);
  let steps = 6_500_000;
  return Array.from({ length: TICKS }, () => {
    steps += 1 + Math.floor(random() * 40) * (random() < 0.5 ? -1 : 1);
    return new Decimal(steps).div(100).toFixed(2);
  });
}

function setup() {
  const live = new LivePositions(() => 2);
  const list = positions(20261122);
  live.set(list, RULES);
  return { live, list, ticks: marks(7) };
}

export const cases: Case[] = [
  {
    kind: 'goal',
    name: 'pnl-200',
    unit: 'ms/tick',
    goal: 1,
    better: 'lower',
    note: `median ms per mark tick over ${TICKS} ticks (after 200 warm-up), 200 positions on one symbol, each tick a new price`,
    check: () => {
      const { live, list, ticks } = setup();
      for (const mark of ticks.slice(0, 50)) {
        live.onMark(SYMBOL, mark);
        const patch: MarketPatch = {};
        live.flushInto(patch);
        for (const p of list) {
          const want = positionFigures(p, mark, RULES, 2);
          const got = patch.positions?.[p.id];
          // Every tick is a new price, so every position's PnL moved and must be posted.
          if (JSON.stringify(got) !== JSON.stringify(want))
            throw new Error(`position ${p.id} at ${mark}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
        }
      }
    },
    measure: () => {
      const { live, ticks } = setup();
      const times: number[] = [];
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < ticks.length; i++) {
          const start = performance.now();
          live.onMark(SYMBOL, ticks[i]!);
          live.flushInto({});
          const elapsed = performance.now() - start;
          if (round === 1 || i >= 200) times.push(elapsed);
        }
      }
      times.sort((a, b) => a - b);
      return times[Math.floor(times.length / 2)]!;
    },
  },
];

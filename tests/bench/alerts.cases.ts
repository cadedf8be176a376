// alerts-100k: one price tick through the server's alert index (domain/alerts/price-index.ts:
// per symbol, the levels a rising price crosses and those a falling one does, sorted, so a tick
// reads only the slice between its two prices) beside a linear scan of the same 100,000 alerts
// that tests each one against the tick, with the same crossing and re-arm rules and its levels
// precomputed as the index's are. 200 symbols, 500 alerts each, half above and half below,
// thresholds within ±10 % of the price; ticks are a seeded walk of ±0.01–0.20 on a symbol at a
// time, closed so that a cycle of them ends where it began. Goal: ≥ 50× the scan.
import { toUnits } from '../../domain/contracts/fixed-point';
import { crossedDown, crossedUp, rearmPrice } from '../../domain/alerts/crossing';
import { createPriceIndex, type Crossing, type PriceAlert } from '../../domain/alerts/price-index';
import { rng } from '../support/random';
import type { Case } from './harness';

const SYMBOLS = 200;
const PER_SYMBOL = 500;
const STEPS = 5_000;

type Tick = { symbol: string; from: string; to: string };

function world(seed: number): { alerts: PriceAlert[]; ticks: Tick[] } {
  const random = rng(seed);
  const symbols = Array.from({ length: SYMBOLS }, (_, i) => `S${String(i).padStart(3, '0')}`);
  const cents = new Map(symbols.map((s) => [s, 10_000]));
  const alerts: PriceAlert[] = [];
  for (const symbol of symbols)
    for (let i = 0; i < PER_SYMBOL; i++) {
      const above = i % 2 === 0;
      const offset = 1 + Math.floor(random() * 1_000);
      alerts.push({
        id: String(alerts.length + 1),
        symbol,
        kind: above ? 'above' : 'below',
        threshold: ((10_000 + (above ? offset : -offset)) / 100).toFixed(2),
        armed: true,
      });
    }
  const forward: Tick[] = [];
  for (let i = 0; i < STEPS; i++) {
    const symbol = symbols[Math.floor(random() * SYMBOLS)] ?? 'S000';
    const from = cents.get(symbol) ?? 10_000;
    const to = Math.min(
      11_200,
      Math.max(8_800, from + (1 + Math.floor(random() * 20)) * (random() < 0.5 ? -1 : 1)),
    );
    cents.set(symbol, to);
    forward.push({ symbol, from: (from / 100).toFixed(2), to: (to / 100).toFixed(2) });
  }
  // Back the way they came: a cycle ends at the prices it began with, so it can repeat.
  const back = [...forward].reverse().map((t) => ({ symbol: t.symbol, from: t.to, to: t.from }));
  return { alerts, ticks: [...forward, ...back] };
}

/** The scan: every alert, every tick, its two levels precomputed as the index keeps them. */
function createScan(alerts: readonly PriceAlert[]) {
  const rows = alerts.map((a) => ({
    id: a.id,
    symbol: a.symbol,
    above: a.kind === 'above',
    threshold: toUnits(a.threshold),
    rearm: toUnits(rearmPrice(a.kind, a.threshold)),
    armed: a.armed,
  }));
  return (symbol: string, from: string, to: string): Crossing[] => {
    const p0 = toUnits(from);
    const p1 = toUnits(to);
    const out: Crossing[] = [];
    for (const r of rows) {
      if (r.symbol !== symbol) continue;
      const level = r.armed ? r.threshold : r.rearm;
      const rising = r.above === r.armed;
      if (rising ? crossedUp(level, p0, p1) : crossedDown(level, p0, p1)) {
        out.push({ id: r.id, fired: r.armed });
        r.armed = !r.armed;
      }
    }
    return out;
  };
}

function setup() {
  const { alerts, ticks } = world(20261128);
  const index = createPriceIndex();
  for (const a of alerts) index.add(a);
  return { index, scan: createScan(alerts), ticks };
}

const { index, scan, ticks } = setup();
let ourAt = 0;
let scanAt = 0;

const byId = (a: Crossing, b: Crossing) => Number(a.id) - Number(b.id);

export const cases: Case[] = [
  {
    name: 'alerts-100k',
    unit: 'ticks/s',
    peerName: 'linear scan',
    goal: 50,
    note: `${SYMBOLS * PER_SYMBOL} price alerts over ${SYMBOLS} symbols; one tick of a seeded walk per call, index vs a scan of every alert`,
    check: () => {
      const fresh = setup();
      let crossings = 0;
      for (const t of fresh.ticks) {
        const ours = fresh.index.tick(t.symbol, t.from, t.to).sort(byId);
        const theirs = fresh.scan(t.symbol, t.from, t.to).sort(byId);
        if (JSON.stringify(ours) !== JSON.stringify(theirs))
          throw new Error(`index and scan disagree on ${t.symbol} ${t.from} → ${t.to}`);
        crossings += ours.length;
      }
      if (crossings === 0) throw new Error('the walk crossed no alert: nothing was measured');
    },
    ours: () => {
      const t = ticks[ourAt]!;
      ourAt = (ourAt + 1) % ticks.length;
      return index.tick(t.symbol, t.from, t.to);
    },
    peer: () => {
      const t = ticks[scanAt]!;
      scanAt = (scanAt + 1) % ticks.length;
      return scan(t.symbol, t.from, t.to);
    },
  },
];

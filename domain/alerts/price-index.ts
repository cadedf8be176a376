import { toUnits } from '../contracts/fixed-point';
import { crossedDown, crossedUp, rearmPrice } from './crossing';

/** A price alert as the index holds it: `armed` false while it waits to re-arm after firing. */
export type PriceAlert = {
  id: string;
  symbol: string;
  kind: 'above' | 'below';
  threshold: string;
  armed: boolean;
};

/** What a tick did to an alert: `fired` (tell the user) or re-armed (quietly ready again). */
export type Crossing = { id: string; fired: boolean };

type Entry = { symbol: string; kind: 'above' | 'below'; threshold: bigint; rearm: bigint; armed: boolean };
type Slot = { level: bigint; id: string };
type Sides = { up: Slot[]; down: Slot[] };

/** First index whose level is > `level` (strict) or ≥ it. */
function bound(slots: readonly Slot[], level: bigint, strict: boolean): number {
  let lo = 0;
  let hi = slots.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = (slots[mid] as Slot).level;
    if (v < level || (strict && v === level)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where an alert waits: an armed `above` for the price to rise to its threshold, a fired one
 * for the price to fall to its re-arm level; a `below` the other way round.
 */
function placeOf(e: Entry): { up: boolean; level: bigint } {
  const rising = e.kind === 'above' ? e.armed : !e.armed;
  return { up: rising, level: e.armed ? e.threshold : e.rearm };
}

/**
 * Price alerts by symbol, each kept in one of two lists sorted by the level it waits for: the
 * levels a rising price crosses and those a falling one does. A tick from p0 to p1 touches only
 * the slice of one list between them (two binary searches), so its cost is the crossings it
 * finds, not the alerts there are. A crossed alert moves to the other list at its next level.
 */
export function createPriceIndex() {
  const entries = new Map<string, Entry>();
  const bySymbol = new Map<string, Sides>();

  function sidesOf(symbol: string): Sides {
    let sides = bySymbol.get(symbol);
    if (!sides) bySymbol.set(symbol, (sides = { up: [], down: [] }));
    return sides;
  }

  function insert(id: string, e: Entry): void {
    const { up, level } = placeOf(e);
    const list = up ? sidesOf(e.symbol).up : sidesOf(e.symbol).down;
    list.splice(bound(list, level, true), 0, { level, id });
  }

  function unlink(id: string, e: Entry): void {
    const { up, level } = placeOf(e);
    const sides = bySymbol.get(e.symbol);
    if (!sides) return;
    const list = up ? sides.up : sides.down;
    for (let i = bound(list, level, false); i < list.length && (list[i] as Slot).level === level; i++)
      if ((list[i] as Slot).id === id) {
        list.splice(i, 1);
        return;
      }
  }

  return {
    add(alert: PriceAlert): void {
      if (entries.has(alert.id)) this.remove(alert.id);
      const e: Entry = {
        symbol: alert.symbol,
        kind: alert.kind,
        threshold: toUnits(alert.threshold),
        rearm: toUnits(rearmPrice(alert.kind, alert.threshold)),
        armed: alert.armed,
      };
      entries.set(alert.id, e);
      insert(alert.id, e);
    },
    remove(id: string): void {
      const e = entries.get(id);
      if (!e) return;
      unlink(id, e);
      entries.delete(id);
    },
    has: (id: string) => entries.has(id),
    armed: (id: string) => entries.get(id)?.armed ?? null,
    size: () => entries.size,
    /** The alerts the move from `from` to `to` crossed, in the order the price met them. */
    tick(symbol: string, from: string, to: string): Crossing[] {
      const sides = bySymbol.get(symbol);
      if (!sides || from === to) return [];
      const p0 = toUnits(from);
      const p1 = toUnits(to);
      if (p0 === p1) return [];
      const rising = p1 > p0;
      const list = rising ? sides.up : sides.down;
      const lo = rising ? bound(list, p0, true) : bound(list, p1, false);
      const hi = rising ? bound(list, p1, true) : bound(list, p0, false);
      if (lo >= hi) return [];
      const crossed = list.splice(lo, hi - lo);
      if (!rising) crossed.reverse();
      const out: Crossing[] = [];
      for (const { id } of crossed) {
        const e = entries.get(id);
        if (!e) continue;
        out.push({ id, fired: e.armed });
        e.armed = !e.armed;
        insert(id, e);
      }
      return out;
    },
  };
}
export type PriceIndex = ReturnType<typeof createPriceIndex>;

/**
 * The same rules alert by alert: what the index must agree with, and what it is measured
 * against. `alerts` is updated in place, as the index updates itself.
 */
export function scanCrossings(
  alerts: readonly PriceAlert[],
  symbol: string,
  from: string,
  to: string,
): Crossing[] {
  const p0 = toUnits(from);
  const p1 = toUnits(to);
  const out: Crossing[] = [];
  for (const a of alerts) {
    if (a.symbol !== symbol) continue;
    const level = toUnits(a.armed ? a.threshold : rearmPrice(a.kind, a.threshold));
    const rising = a.kind === 'above' ? a.armed : !a.armed;
    if (rising ? crossedUp(level, p0, p1) : crossedDown(level, p0, p1)) {
      out.push({ id: a.id, fired: a.armed });
      (a as { armed: boolean }).armed = !a.armed;
    }
  }
  return out;
}

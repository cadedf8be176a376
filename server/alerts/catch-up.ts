import { isPriceKind } from '../../domain/alerts/kinds';
import { createPriceIndex } from '../../domain/alerts/price-index';
import type { Trade } from '../../domain/protocol/market';
import type { MarketSource } from '../market/source';
import { plainDecimal, type StoredAlert } from './store';

/** At least the tape a source keeps of a symbol: the simulator 500 to 1,000 prints, a follower's mirror 200. */
const TAPE = 1_000;

/** A crossing found on the tape: the print that made it and whether it fired (else it re-armed). */
export type TapeCrossing = { id: string; fired: boolean; price: string; t: number };

export type CaughtUp = {
  /** Each price alert's armed state after the tape, by id. */
  armed: Map<string, boolean>;
  /** The crossings in the order the prints made them (per symbol). */
  crossings: TapeCrossing[];
};

/**
 * Since when an alert's state is known: its last fire, or its placing. A re-arm after the fire is
 * not stamped, so the stored state may be later than this; going through the prints from the fire
 * on, from the state the fire left (disarmed), reaches it.
 */
const since = (row: StoredAlert) => Math.max(row.createdAt.getTime(), row.lastFiredAt ?? 0);
const firedAtSince = (row: StoredAlert) =>
  row.lastFiredAt !== null && row.lastFiredAt >= row.createdAt.getTime();

/**
 * Price alerts across a takeover or a restart: the engine writes a fire before it tells, so an
 * alert stored armed was not told of any crossing after its stored state. The tape the source
 * kept (a takeover's is the previous owner's, as this node mirrored it) is gone through oldest
 * first, each alert joining before the first print after its stored state, so a line the price
 * crossed while no engine watched fires now, once. Looking at the last price alone missed a line
 * crossed by the killed owner's last prints, whose fire it never wrote.
 */
export function catchUpPrices(market: Pick<MarketSource, 'trades'>, rows: readonly StoredAlert[]): CaughtUp {
  const bySymbol = new Map<string, StoredAlert[]>();
  for (const row of rows) {
    if (!isPriceKind(row.kind)) continue;
    const list = bySymbol.get(row.symbol);
    if (list) list.push(row);
    else bySymbol.set(row.symbol, [row]);
  }
  const index = createPriceIndex();
  const crossings: TapeCrossing[] = [];
  /** `fromSince`: the tape goes on from a print at or before its `since`, not from a later one. */
  const add = (row: StoredAlert, fromSince: boolean) => {
    if (!isPriceKind(row.kind)) return;
    const threshold = plainDecimal(row.threshold);
    // A stored re-arm came after the fire: started armed there, a recross the live engine did
    // not count (the re-arm level not reached yet) would fire a second time.
    const armed = fromSince && firedAtSince(row) ? false : row.armed;
    index.add({ id: String(row.id), symbol: row.symbol, kind: row.kind, threshold, armed });
  };
  for (const [symbol, alerts] of bySymbol) {
    alerts.sort((a, b) => since(a) - since(b));
    let next = 0;
    let before: Trade | undefined;
    for (const trade of market.trades(symbol, TAPE)) {
      // Measured from the print before it (at or before its stored state), not from nothing.
      while (next < alerts.length && since(alerts[next]!) < trade.t)
        add(alerts[next++]!, before !== undefined);
      if (before)
        for (const c of index.tick(symbol, before.price, trade.price))
          crossings.push({ id: c.id, fired: c.fired, price: trade.price, t: trade.t });
      before = trade;
    }
    // No print after their state: the stored one stands.
    while (next < alerts.length) add(alerts[next++]!, false);
  }
  const armed = new Map<string, boolean>();
  for (const alerts of bySymbol.values())
    for (const row of alerts) armed.set(String(row.id), index.armed(String(row.id)) ?? row.armed);
  return { armed, crossings };
}

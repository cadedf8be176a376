import type { AlertKind } from '../alerts/kinds';

/**
 * The `alerts` private channel: an alert fired. Enough for a banner without a read: `figure` is
 * the price that crossed (price kinds) or the percent that did (the others).
 */
export type AlertFired = {
  id: string;
  symbol: string;
  kind: AlertKind;
  threshold: string;
  figure: string;
  t: number;
};

/**
 * Every kind, checked against AlertKind by the compiler (a kind added there and not here fails
 * the type check). Written out rather than imported: the banner that reads this channel ships
 * with the Mine tab, and importing the alerts maths would split a chunk off the first load's map.
 */
const KINDS: Record<AlertKind, true> = {
  above: true,
  below: true,
  move: true,
  liquidation: true,
  margin: true,
};
const isKind = (value: unknown): value is AlertKind =>
  typeof value === 'string' && Object.hasOwn(KINDS, value);

/** The event's one reader: anything else on the channel (a newer server's kind) is null, not a throw. */
export function parseAlertFired(data: unknown): AlertFired | null {
  if (typeof data !== 'object' || data === null) return null;
  const { id, symbol, kind, threshold, figure, t } = data as Record<string, unknown>;
  if (typeof id !== 'string' || typeof symbol !== 'string' || !isKind(kind)) return null;
  if (typeof threshold !== 'string' || typeof figure !== 'string' || typeof t !== 'number') return null;
  return { id, symbol, kind, threshold, figure, t };
}

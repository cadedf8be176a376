/**
 * The `records` private channel: one event kind, "a request of yours changed state", sent by
 * the broker after it decided (an operator's approval, a chain confirmation, an allocation, a
 * loan or robot moving on, a support reply). It names the record, not its contents: a screen
 * showing that record updates the row's status at once and re-reads the record for the rest
 * (times, ledger references), so the REST answer stays the one source of what is shown.
 */
export const RECORD_AREAS = [
  /** Bank, offline and chain deposits (one table, one id space). */
  'deposit',
  /** Bank and chain withdrawals. */
  'withdrawal',
  /** IPO applications, stock and offline. */
  'ipo',
  /** Coin sale (ICO) commitments. */
  'ico',
  /** Block (bulk) purchases and offline tranche applications. */
  'bulk',
  'loan',
  /** Robot orders. */
  'robot',
  /** The support chat: a reply arrived (`id` is the message's). */
  'chat',
] as const;
export type RecordArea = (typeof RECORD_AREAS)[number];

/** `status` is the record's status as its own list endpoint spells it. */
export type RecordChanged = { area: RecordArea; id: string; status: string };

const AREAS: ReadonlySet<string> = new Set(RECORD_AREAS);

/** The event's one reader: anything else on the channel (a newer server's area) is null, not a throw. */
export function parseRecordChanged(data: unknown): RecordChanged | null {
  if (typeof data !== 'object' || data === null) return null;
  const { area, id, status } = data as Record<string, unknown>;
  if (typeof area !== 'string' || !AREAS.has(area)) return null;
  if (typeof id !== 'string' || id === '' || typeof status !== 'string') return null;
  return { area: area as RecordArea, id, status };
}

/** The event's one writer: the broker's ids are bigints, the wire's strings. */
export function recordChanged(area: RecordArea, id: bigint | string, status: string): RecordChanged {
  return { area, id: String(id), status };
}

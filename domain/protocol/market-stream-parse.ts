import { PRIVATE_CHANNELS, WS_ERROR_KEYS, type ServerMessage } from './ws';
import { INTERVALS } from '../market/instrument';

/**
 * The codec's checked decoder (stream-codec.ts re-exports it): reads one server frame by hand.
 * The worker's hot path runs this for every message the fast path declines, so there is no
 * schema library here (one would cost more than the whole read). Returns null for anything malformed;
 * never throws. Decimal fields are checked to be canonical-looking decimal strings; turning
 * prices into integer steps (and rejecting off-grid ones) is the apply code's job, which knows
 * the instrument's scale.
 */
export function decodeFrame(text: string): ServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  switch (m.op) {
    case 'data':
      return checkStream(m) ? (m as ServerMessage) : null;
    case 'hb':
      return typeof m.t === 'number' ? (m as ServerMessage) : null;
    case 'pong':
      return typeof m.ts === 'number' && (m.echo === undefined || typeof m.echo === 'number')
        ? (m as ServerMessage)
        : null;
    case 'subscribed':
    case 'unsubscribed':
      return typeof m.ch === 'string' && optionalString(m.symbol) ? (m as ServerMessage) : null;
    case 'authed':
      return typeof m.userId === 'string' ? (m as ServerMessage) : null;
    case 'error':
      return typeof m.key === 'string' &&
        (WS_ERROR_KEYS as readonly string[]).includes(m.key) &&
        typeof m.msg === 'string'
        ? (m as ServerMessage)
        : null;
    case 'private':
      return typeof m.ch === 'string' &&
        (PRIVATE_CHANNELS as readonly string[]).includes(m.ch) &&
        isSeq(m.seq) &&
        typeof m.t === 'number'
        ? (m as ServerMessage)
        : null;
    default:
      return null;
  }
}

const CANDLE_CHANNELS: ReadonlySet<string> = new Set(INTERVALS.map((i) => `candles:${i}`));

function checkStream(m: Record<string, unknown>): boolean {
  if (typeof m.s !== 'string' || m.s.length === 0 || !isSeq(m.seq)) return false;
  if (typeof m.t !== 'number' || typeof m.snap !== 'boolean') return false;
  switch (m.ch) {
    case 'ticker':
      return (
        isDecimal(m.last) &&
        isDecimal(m.open) &&
        isDecimal(m.high) &&
        isDecimal(m.low) &&
        isDecimal(m.prev) &&
        isDecimal(m.vol) &&
        isDecimal(m.turnover)
      );
    case 'book':
      return isLevels(m.bids) && isLevels(m.asks);
    case 'trades':
      return isTrades(m.trades);
    case 'mark':
      return (
        isDecimal(m.mark) &&
        (m.funding === null || isDecimal(m.funding)) &&
        (m.nextFunding === null || typeof m.nextFunding === 'number')
      );
    default:
      return typeof m.ch === 'string' && CANDLE_CHANNELS.has(m.ch) && isBars(m.bars);
  }
}

function isSeq(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function optionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/** The longest decimal the wire carries (the worker's hand readers keep the same bound). */
export const MAX_DECIMAL = 40;

/** `-`? digits (`.` digits)?: the wire's canonical decimals, checked without a regex. */
export function isDecimal(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const length = value.length;
  if (length === 0 || length > MAX_DECIMAL) return false;
  let index = value.charCodeAt(0) === 45 ? 1 : 0;
  let digits = 0;
  for (; index < length; index++) {
    const code = value.charCodeAt(index);
    if (code === 46) break;
    if (code < 48 || code > 57) return false;
    digits++;
  }
  if (digits === 0) return false;
  if (index === length) return true;
  index++;
  if (index === length) return false;
  for (; index < length; index++) {
    const code = value.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

function isLevels(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const level: unknown = value[i];
    if (!Array.isArray(level) || level.length !== 2) return false;
    if (!isDecimal(level[0]) || !isDecimal(level[1])) return false;
  }
  return true;
}

function isTrades(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const trade: unknown = value[i];
    if (typeof trade !== 'object' || trade === null) return false;
    const t = trade as Record<string, unknown>;
    if (typeof t.id !== 'string' || typeof t.t !== 'number') return false;
    if (!isDecimal(t.price) || !isDecimal(t.qty)) return false;
    if (t.side !== 'buy' && t.side !== 'sell') return false;
  }
  return true;
}

function isBars(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const bar: unknown = value[i];
    if (typeof bar !== 'object' || bar === null) return false;
    const b = bar as Record<string, unknown>;
    if (typeof b.t !== 'number') return false;
    if (!isDecimal(b.o) || !isDecimal(b.h) || !isDecimal(b.l) || !isDecimal(b.c) || !isDecimal(b.v))
      return false;
  }
  return true;
}

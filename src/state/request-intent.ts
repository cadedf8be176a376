import { session } from './session';
import { isApiError } from '../api/request';

/**
 * A fresh `requestId` (domain/protocol/request-id.ts): 32 hex digits. From getRandomValues, not
 * randomUUID, which browsers give only to secure contexts (the sandbox is also tried over plain
 * http from a phone on the LAN).
 */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * How long an unanswered intent is kept after its last confirmation. A retry after a lost answer
 * comes within a minute or two, often after leaving the screen or reloading the page to see
 * whether it went through; much later, the same values are more likely a new order than a retry.
 */
export const HELD_INTENT_MS = 10 * 60_000;

/**
 * localStorage key: the device's unanswered intents survive a reload, and so the app closed and
 * opened again, or another tab of it. In sessionStorage (this tab's only), the retry after a lost
 * answer from the app opened again (a phone ends an installed app it does not show; a user closes
 * the tab to look again) went out under a new id and moved the money twice. Another tab sending
 * the same values while the first's answer is unknown sends the same id: the broker answers the
 * first, which is the safe way round. Each entry names its owner and lasts HELD_INTENT_MS.
 */
const STORAGE_KEY = 'seans.heldIntents';

/** An unanswered intent: its id and when it was last confirmed. */
type Held = { id: string; at: number };

/** Bounds what a device keeps (the oldest go first); a user has a handful in flight at most. */
const MOST_HELD = 50;

/** Where the intents live when localStorage throws (private mode, quota): this page only. */
let inMemory: Map<string, Held> | null = null;

function isHeld(value: unknown): value is Held {
  if (typeof value !== 'object' || value === null) return false;
  const { id, at } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof at === 'number';
}

/**
 * The unanswered intents by form, owner and values, read afresh each time (a few entries): every
 * instance of a form, and the page after a reload, sees the same. Junk reads as empty.
 */
function heldIntents(): Map<string, Held> {
  if (inMemory) return inMemory;
  const intents = new Map<string, Held>();
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof parsed === 'object' && parsed !== null)
      for (const [key, value] of Object.entries(parsed)) if (isHeld(value)) intents.set(key, value);
  } catch (error) {
    if (!(error instanceof SyntaxError)) inMemory = intents;
  }
  return intents;
}

function saveHeld(intents: Map<string, Held>, now: number): void {
  for (const [key, { at }] of intents) if (now - at > HELD_INTENT_MS) intents.delete(key);
  // A Map keeps insertion order and a confirmation re-inserts its entry: the first are the oldest.
  for (const key of intents.keys()) {
    if (intents.size <= MOST_HELD) break;
    intents.delete(key);
  }
  if (inMemory) return;
  try {
    if (intents.size === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(intents)));
  } catch {
    inMemory = intents;
  }
}

/** Forgets every unanswered intent (a fresh page, in tests). */
export function forgetHeldIntents(): void {
  inMemory = null;
  saveHeld(new Map(), 0);
}

/**
 * Refusals that are not an intent's answer. The money may have moved all the same (the trading
 * owner did not confirm, our own failure: server/http/once.ts keeps their id claimed), or the
 * first request under the id has not answered yet. Or the confirmation's password was refused:
 * an order's broker checks it before it looks for the order under its client order id, so the
 * retry of an order that was placed is refused for a typo. The id stays held: a new one for the
 * next confirmation would make the order, conversion or withdrawal a second time. (Kept after a
 * refusal that was the answer, it costs nothing: the broker let the id go, no order has it.)
 */
const UNSETTLED_KEYS: ReadonlySet<string> = new Set([
  'TRADING_UNCONFIRMED',
  'INTERNAL_ERROR',
  'REQUEST_IN_PROGRESS',
  'TRADE_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_FORMAT',
  'TRADE_PASSWORD_REQUIRED',
  'TRADE_PASSWORD_NOT_SET',
  'PIN_LOCKED',
]);

/**
 * A refusal that is the intent's final answer (nothing moved under its id, which the broker let
 * go): the form may call `done()`. Not a lost answer, nor a refusal whose outcome is unknown.
 */
export function isFinalRefusal(error: unknown): boolean {
  return isApiError(error) && error.kind === 'business' && !UNSETTLED_KEYS.has(error.key ?? '');
}

/** Whose intent it is: another user, or the other account of the same user, is another intent. */
const ownerNow = (): string => `${session.userAccountType}:${session.userInfo?.id ?? ''}`;

/**
 * One `requestId` per intent of a money-moving form: confirming the same values again (a retry
 * after a lost answer) sends the same id, so the broker moves the money once and answers the
 * first result; other values get a new id, and so does the next intent after `done()`.
 * The intent belongs to its form, not to the screen showing it: leaving the screen, reloading
 * the page or opening the app again, and confirming the same values again within HELD_INTENT_MS
 * is still the same intent, even after other values were sent in between (each unanswered set of
 * values keeps its id).
 * Passwords are not values of the intent: a retry may type them again. Order tickets make their
 * ids with `newClientOrderId` (client-order-id.ts): the same rule, for a `clientOrderId`.
 */
export class RequestIntent {
  /** The held intent the last confirmation used: the one `done()` ends. */
  private current = '';

  constructor(
    /** The form's name, one per money-moving form. */
    private readonly form: string,
    private readonly newId: () => string = newRequestId,
    private readonly now: () => number = Date.now,
  ) {}

  idFor(values: Readonly<Record<string, string | number | boolean | null | undefined>>): string {
    const sorted = Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1));
    const key = JSON.stringify([this.form, ownerNow(), sorted]);
    const at = this.now();
    const intents = heldIntents();
    const last = intents.get(key);
    const id = last && at - last.at <= HELD_INTENT_MS ? last.id : this.newId();
    intents.delete(key);
    intents.set(key, { id, at });
    saveHeld(intents, at);
    this.current = key;
    return id;
  }

  /**
   * The intent has its answer (done, or finally refused): the next confirmation is a new one, even
   * with the same values.
   */
  done(): void {
    const intents = heldIntents();
    if (intents.delete(this.current)) saveHeld(intents, this.now());
    this.current = '';
  }
}

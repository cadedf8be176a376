import type { AssetsAnswer } from '../../domain/protocol/account';
import { checkStrings, fieldsOf, handChecked } from '../../domain/protocol/answer-check';
import { parseAssetsAnswer } from '../../domain/protocol/assets-parse';
import { serverNow } from '../api/server-clock';
import { session } from '../state/session';

/**
 * The last /user/assets answer and when it came, so the assets screen can show the last known
 * portfolio, marked stale, when the network is gone. Kept apart from SPEC's stored keys
 * (state/persisted.ts); it belongs to the signed-in user and account type that fetched it and
 * is shown to no one else.
 */
const KEY = 'lastAssets';

export type LastAssets = { savedAt: number; answer: AssetsAnswer };

/**
 * What is stored, checked by hand as the answer is (domain/protocol/assets-parse.ts), so that the
 * wallet's offline view and Home's card load no zod: `savedAt` a number, `token` a string,
 * `fields` the rest, or a TypeError.
 */
function storedFields(value: unknown, what: string) {
  const fields = fieldsOf(value, what);
  const { savedAt, token } = fields;
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt))
    throw new TypeError(`${what}.savedAt is not a number`);
  if (typeof token !== 'string') throw new TypeError(`${what}.token is not a string`);
  return { fields, savedAt, token };
}

const lastAssetsCheck = handChecked((value) => {
  const { fields, savedAt, token } = storedFields(value, 'last assets');
  return { savedAt, token, answer: parseAssetsAnswer(fields.answer) };
});

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The token's last characters: enough to tell accounts apart, useless as a credential. */
function owner(): string {
  return session.userToken.slice(-8);
}

/** Dated by the server's clock, as the answer is: a phone an hour slow would say "an hour ago" wrongly. */
export function saveLastAssets(answer: AssetsAnswer, now = serverNow()): void {
  if (session.userToken === '') return;
  try {
    storage()?.setItem(KEY, JSON.stringify({ savedAt: now, token: owner(), answer }));
  } catch {
    // A full or disabled storage only costs the offline view.
  }
}

/** The stored answer when it belongs to the current session; otherwise none (and it is dropped). */
export function readLastAssets(): LastAssets | null {
  const store = storage();
  try {
    const raw = store?.getItem(KEY);
    if (!raw) return null;
    const parsed = lastAssetsCheck.safeParse(JSON.parse(raw));
    if (parsed.success && session.userToken !== '' && parsed.data.token === owner())
      return { savedAt: parsed.data.savedAt, answer: parsed.data.answer };
    store?.removeItem(KEY);
  } catch {
    // unreadable: as if nothing were stored
  }
  return null;
}

/**
 * The last portfolio figure seen live (Home's and Mine's card), for an offline start: the app
 * opens on Home, where balances without prices would be no figure at all. Written at most every
 * SAVE_EVERY_MS while live (the figure moves with every tick), for the signed-in session only.
 */
const PORTFOLIO_KEY = 'lastPortfolio';
const SAVE_EVERY_MS = 5_000;
let portfolioSavedAt = 0;

export type LastPortfolio = {
  savedAt: number;
  totalTry: string;
  dayPnlTry: string | null;
  dayPnlPct: string | null;
  parts: Record<string, string | null>;
};

const lastPortfolioCheck = handChecked((value): LastPortfolio & { token: string } => {
  const what = 'last portfolio';
  const { fields, savedAt, token } = storedFields(value, what);
  checkStrings(fields, ['totalTry'], what);
  const parts = fieldsOf(fields.parts, `${what}.parts`);
  for (const [name, part] of Object.entries(parts)) nullableString(part, `${what}.parts.${name}`);
  return {
    savedAt,
    token,
    totalTry: fields.totalTry as string,
    dayPnlTry: nullableString(fields.dayPnlTry, `${what}.dayPnlTry`),
    dayPnlPct: nullableString(fields.dayPnlPct, `${what}.dayPnlPct`),
    parts: { ...parts } as Record<string, string | null>,
  };
});

function nullableString(value: unknown, what: string): string | null {
  if (value !== null && typeof value !== 'string') throw new TypeError(`${what} is not a string or null`);
  return value;
}

/** `flush`: the figure is leaving the screen: kept whatever the last write's age. */
export function saveLastPortfolio(
  figure: Omit<LastPortfolio, 'savedAt'>,
  { now = serverNow(), flush = false }: { now?: number; flush?: boolean } = {},
): void {
  if (session.userToken === '' || (!flush && now - portfolioSavedAt < SAVE_EVERY_MS)) return;
  portfolioSavedAt = now;
  try {
    storage()?.setItem(PORTFOLIO_KEY, JSON.stringify({ ...figure, savedAt: now, token: owner() }));
  } catch {
    // A full or disabled storage only costs the offline view.
  }
}

/** The stored figure when it belongs to the current session; otherwise none (and it is dropped). */
export function readLastPortfolio(): LastPortfolio | null {
  const store = storage();
  try {
    const raw = store?.getItem(PORTFOLIO_KEY);
    if (!raw) return null;
    const parsed = lastPortfolioCheck.safeParse(JSON.parse(raw));
    if (parsed.success && session.userToken !== '' && parsed.data.token === owner()) {
      const { token: _token, ...figure } = parsed.data;
      return figure;
    }
    store?.removeItem(PORTFOLIO_KEY);
  } catch {
    // unreadable: as if nothing were stored
  }
  return null;
}

/** Tests: the next save is not held back by the last one. */
export function resetLastPortfolioThrottle(): void {
  portfolioSavedAt = 0;
}

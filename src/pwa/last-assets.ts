import { z } from 'zod';
import { assetsAnswerSchema, type AssetsAnswer } from '../../domain/protocol/account';
import { serverNow } from '../api/server-clock';
import { session } from '../state/session';

/**
 * The last /user/assets answer and when it came, so the assets screen can show the last known
 * portfolio, marked stale, when the network is gone. Kept apart from SPEC's stored keys
 * (state/persisted.ts); it belongs to the signed-in user and account type that fetched it and
 * is shown to no one else.
 */
const KEY = 'lastAssets';

const lastAssetsSchema = z.object({
  savedAt: z.number(),
  token: z.string(),
  answer: assetsAnswerSchema,
});
export type LastAssets = { savedAt: number; answer: AssetsAnswer };

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
    const parsed = lastAssetsSchema.safeParse(JSON.parse(raw));
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

const lastPortfolioSchema = z.object({
  savedAt: z.number(),
  token: z.string(),
  totalTry: z.string(),
  dayPnlTry: z.string().nullable(),
  dayPnlPct: z.string().nullable(),
  parts: z.record(z.string(), z.string().nullable()),
});
export type LastPortfolio = Omit<z.infer<typeof lastPortfolioSchema>, 'token'>;

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
    const parsed = lastPortfolioSchema.safeParse(JSON.parse(raw));
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

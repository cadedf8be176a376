import { z } from 'zod';
import { assetsAnswerSchema, type AssetsAnswer } from '../../domain/protocol/account';
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

export function saveLastAssets(answer: AssetsAnswer, now = Date.now()): void {
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

import { requireSession, type Session } from '../auth/session';
import type { Db } from '../db/client';

/**
 * Public primary-market reads (IPOs, offline tranches, blocks): guests browse them; a signed-in
 * caller's token, when sent, adds what they applied for or bought and shows their account's pool.
 * A bad token reads as a guest rather than failing a public page.
 */
export async function viewerSession(db: Db, token: unknown): Promise<Session | null> {
  if (typeof token !== 'string' || token === '') return null;
  try {
    return await requireSession(db, token);
  } catch {
    return null;
  }
}

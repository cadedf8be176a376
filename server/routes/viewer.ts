import type { RouteContext } from '../http/route';
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

/** Who reads a public primary-market list: the optional session, the language, the engines' clock. */
export async function viewerOf(
  ctx: Pick<RouteContext<unknown, 'none'>, 'db' | 'locale' | 'trading' | 'req'>,
) {
  return {
    session: await viewerSession(ctx.db, ctx.req.headers.accesstoken),
    locale: ctx.locale,
    now: ctx.trading.clock.now(),
  };
}

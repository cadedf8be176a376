import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { appStateOf } from '../app-state';
import { requestKeys } from '../db/schema/system';
import { ApiError } from './errors';
import { ownedBy } from '../db/owned';

/** How long a copy waits for the first request to answer before telling the user to check. */
const WAIT_MS = 15_000;
/** A claim this old without an answer is not running any more: its outcome is unknown. */
const STALE = sql<boolean>`${requestKeys.createdAt} < now() - interval '1 minute'`;
/**
 * Refusals after which money may have moved all the same (the trading owner did not confirm, or
 * our own failure): the key stays claimed, so a retry is told to check instead of moving again.
 */
const UNCERTAIN: ReadonlySet<ErrorKey> = new Set(['TRADING_UNCONFIRMED', 'INTERNAL_ERROR']);

/**
 * What identifies an intent besides its key: the route's fields as sent, but the key itself and
 * passwords (a retry may be typed again; a password must not be kept, even hashed).
 */
export function fingerprintOf(raw: unknown): string {
  const fields = Object.entries(raw && typeof raw === 'object' ? raw : {})
    .filter(([name]) => name !== 'requestId' && !/password/i.test(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * Runs `run` at most once per (user, account, requestId): the first request claims the key and
 * stores its answer; a copy (parallel or later) with the same route and fields gets that answer
 * without running anything. A refusal releases the key, so the user can try again with it. A
 * key used for another route or other values is REQUEST_ID_REUSED; a key whose first request has
 * not answered (still running past the wait, or lost to a crash) is REQUEST_IN_PROGRESS. Neither
 * moves anything: the user is told to check their records.
 */
export async function runOnce(opts: {
  db: Db;
  session: Session;
  requestId: string;
  route: string;
  fingerprint: string;
  log: FastifyBaseLogger;
  run: () => Promise<unknown>;
}): Promise<unknown> {
  const { db, session, requestId, route, fingerprint } = opts;
  const where = and(ownedBy(requestKeys, session), eq(requestKeys.requestId, requestId));
  const local = `${session.userId}:${session.accountType}:${requestId}`;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claimed = await db
      .insert(requestKeys)
      .values({ userId: session.userId, accountType: session.accountType, requestId, route, fingerprint })
      .onConflictDoNothing()
      .returning({ requestId: requestKeys.requestId });
    if (claimed.length > 0) return runClaimed(opts, where, local);

    const [row] = await db
      .select({
        route: requestKeys.route,
        fingerprint: requestKeys.fingerprint,
        answer: requestKeys.answer,
        stale: STALE,
      })
      .from(requestKeys)
      .where(where);
    if (!row) continue; // the first request was refused and let the key go: try it ourselves
    if (row.route !== route || row.fingerprint !== fingerprint) throw new ApiError('REQUEST_ID_REUSED');
    if (row.answer !== null) return row.answer;
    if (row.stale || Date.now() >= deadline) throw new ApiError('REQUEST_IN_PROGRESS');
    // Another app's request (another node of a cluster) is not running here: look again shortly.
    await (appStateOf(db).requestsRunning.get(local) ?? new Promise((resolve) => setTimeout(resolve, 50)));
  }
}

async function runClaimed(
  opts: { db: Db; log: FastifyBaseLogger; run: () => Promise<unknown> },
  where: ReturnType<typeof and>,
  local: string,
): Promise<unknown> {
  const { db, log } = opts;
  // This app's requests in flight, so copies wait on them instead of polling.
  const running = appStateOf(db).requestsRunning;
  let finished = () => {};
  running.set(
    local,
    new Promise<void>((resolve) => {
      finished = resolve;
    }),
  );
  try {
    const answer = await opts.run();
    try {
      await db.update(requestKeys).set({ answer }).where(where);
    } catch (error) {
      // The money moved: say so. A retry finds the key unanswered and is told to check.
      log.error({ err: error }, 'request key answer not stored');
    }
    return answer;
  } catch (error) {
    if (error instanceof ApiError && !UNCERTAIN.has(error.key)) {
      await db.delete(requestKeys).where(and(where, isNull(requestKeys.answer)));
    }
    throw error;
  } finally {
    running.delete(local);
    finished();
  }
}

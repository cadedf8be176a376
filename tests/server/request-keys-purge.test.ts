import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BankCard, Withdrawal } from '../../domain/protocol/funding';
import { withdrawals } from '../../server/db/schema/funding';
import { requestKeys } from '../../server/db/schema/system';
import {
  ANSWERED_KEY_RETENTION_MS,
  purgeRequestKeys,
  UNANSWERED_KEY_RETENTION_MS,
} from '../../server/http/request-keys-purge';
import { OWNED_JOBS } from '../../server/jobs';
import { dbTargets } from '../support/server';
import { IBAN2, NAME, PIN, withFundingWorld, ok, type Funded, type FundingWorld } from './funding-support';
import { newRequestId, replays } from './request-keys-support';

const HOUR = 3_600_000;

/**
 * The purge of old idempotency keys (server/http/request-keys-purge.ts), called as its job does
 * on the engines' clock, with `now` chosen by the test. A key's age is its `created_at`.
 */
describe.each(dbTargets())('request keys purge on %s', (target) => {
  let w: FundingWorld;
  withFundingWorld(target, (world) => (w = world));

  const T = Date.UTC(2026, 10, 26, 12);
  /** A key of `u` made `age` ms before T, answered or not. */
  const key = (u: Funded, age: number, answered: boolean) => ({
    userId: u.id,
    accountType: 'real',
    requestId: newRequestId(),
    route: '/user/withdraw/add',
    fingerprint: 'f'.repeat(64),
    answer: answered ? { id: '1' } : null,
    createdAt: new Date(T - age),
  });
  const keysOf = async (u: Funded) =>
    (await w.db.select({ id: requestKeys.requestId }).from(requestKeys).where(eq(requestKeys.userId, u.id)))
      .map((r) => r.id)
      .sort();

  it('runs as an owned job, so in a cluster only the lease owner purges', () => {
    expect(OWNED_JOBS.map((j) => j.name)).toContain('request-keys-purge');
  });

  it('deletes the keys past their retention and keeps the younger ones, of every user', async () => {
    const [a, b] = [await w.user(), await w.user()];
    const old = [
      key(a, ANSWERED_KEY_RETENTION_MS + 1, true),
      key(b, 3 * ANSWERED_KEY_RETENTION_MS, true),
      key(a, UNANSWERED_KEY_RETENTION_MS + 1, false),
    ];
    const young = [
      key(a, ANSWERED_KEY_RETENTION_MS - HOUR, true),
      key(b, 0, true),
      // Unanswered: its outcome is unknown, so it is kept past the answered keys' day.
      key(a, ANSWERED_KEY_RETENTION_MS + HOUR, false),
      key(b, UNANSWERED_KEY_RETENTION_MS - HOUR, false),
    ];
    await w.db.insert(requestKeys).values([...old, ...young]);
    expect(await purgeRequestKeys(w.db, T)).toBe(old.length);
    expect(await keysOf(a)).toEqual([young[0], young[2]].map((k) => k?.requestId).sort());
    expect(await keysOf(b)).toEqual([young[1], young[3]].map((k) => k?.requestId).sort());
    expect(await purgeRequestKeys(w.db, T)).toBe(0);
  });

  it('deletes in batches until none is left (more rows than one batch)', async () => {
    const u = await w.user();
    await w.db
      .insert(requestKeys)
      .values(Array.from({ length: 1_234 }, () => key(u, ANSWERED_KEY_RETENTION_MS + HOUR, true)));
    await w.db.insert(requestKeys).values(key(u, HOUR, true));
    expect(await purgeRequestKeys(w.db, T)).toBe(1_234);
    expect(await keysOf(u)).toHaveLength(1);
  });

  it('a retry within the window replays; after the purge the same id is a new request', async () => {
    const u = await w.user();
    await w.fund(u, 'stock', 'TRY', '1000');
    const card = ok<BankCard>(await w.post('/bank/add', u.real, { accountNumber: IBAN2, holderName: NAME }));
    const id = newRequestId();
    const send = () =>
      w.post('/user/withdraw/add', u.real, {
        cardId: card.id,
        amount: '100',
        withdrawPassword: PIN,
        requestId: id,
      });
    const made = async () =>
      (await w.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, u.id)))[0]?.n;
    const first = ok<Withdrawal>(await send());
    const [row] = await w.db
      .select({ createdAt: requestKeys.createdAt })
      .from(requestKeys)
      .where(and(eq(requestKeys.userId, u.id), eq(requestKeys.requestId, id)));
    const born = row?.createdAt.getTime() ?? 0;

    await purgeRequestKeys(w.db, born + ANSWERED_KEY_RETENTION_MS - 1);
    await replays(send, first, made);
    expect(await made()).toBe(1);

    // The documented limit of `requestId`: a key is remembered for its retention only. A copy
    // arriving after the purge is a new intent and moves the money again.
    await purgeRequestKeys(w.db, born + ANSWERED_KEY_RETENTION_MS + 1);
    const again = ok<Withdrawal>(await send());
    expect(again.id).not.toBe(first.id);
    expect(await made()).toBe(2);
    await w.clean();
  });
});

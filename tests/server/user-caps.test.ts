import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import { LIMITS } from '../../domain/limits';
import { alerts } from '../../server/db/schema/alerts';
import { chartDrawings } from '../../server/db/schema/drawings';
import { watchlist } from '../../server/db/schema/market';
import { passkeys } from '../../server/db/schema/passkeys';
import { dbTargets } from '../support/server';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { alertWorld, EN, ok, TR, type Envelope } from './alerts-support';

/**
 * The caps on what a user creates (domain/limits.ts), over a real server: filled to one short of
 * the cap, a burst of creates at once takes the last slot exactly once (the others hear the cap's
 * key), and the next create after is refused in the user's language with nothing stored. On
 * PostgreSQL the burst's transactions truly overlap: only the per-user lock keeps them to one.
 */
const BURST = 6;

type Headers = Record<string, string>;

type User = { id: bigint; token: string };
type Cap = {
  max: number;
  key: string;
  /** Fills the user to `n` (through the API, or rows written directly where the API is slow). */
  fill: (u: User, n: number) => Promise<void>;
  /** The i-th create through the API. */
  add: (u: User, i: number, headers?: Headers) => Promise<Envelope>;
  stored: (u: User) => Promise<number>;
};

describe.each(dbTargets())('caps on what a user creates, on %s', (target) => {
  const t = sharedWorld(
    () => alertWorld(target),
    (world) => {
      const origin = `http://localhost:${new URL(world.server.url).port}`;
      return { origin };
    },
  );

  const db = () => t.world.server.database.db;
  const rows = async (table: typeof alerts | typeof chartDrawings | typeof passkeys, u: User) =>
    (await db().select({ n: count() }).from(table).where(eq(table.userId, u.id)))[0]?.n ?? 0;

  const alertCap: Cap = {
    max: LIMITS.alerts,
    key: 'ALERT_LIMIT_REACHED',
    fill: async (u, n) => {
      for (let i = 0; i < n; i++) ok(await alertCap.add(u, i));
    },
    add: (u, i, headers) =>
      t.world.call(
        '/user/alert/add',
        u.token,
        { symbol: 'THYAO', kind: 'above', threshold: String(400 + i) },
        headers,
      ),
    stored: (u) => rows(alerts, u),
  };

  const drawingCap: Cap = {
    max: LIMITS.drawings,
    key: 'DRAWING_LIMIT',
    fill: async (u, n) => {
      const line = (i: number) => ({
        userId: u.id,
        symbol: 'THYAO',
        kind: 'hline' as const,
        price: `${i + 1}`,
      });
      await db()
        .insert(chartDrawings)
        .values(Array.from({ length: n }, (_, i) => ({ ...line(i), createdAt: 0 })));
    },
    add: (u, i, headers) =>
      t.world.call(
        '/user/drawing/save',
        u.token,
        { symbol: 'THYAO', kind: 'hline', price: String(9000 + i) },
        headers,
      ),
    stored: (u) => rows(chartDrawings, u),
  };

  /** A passkey added the way the app does: options, then the authenticator's answer to them. */
  const passkeyCap: Cap = {
    max: LIMITS.passkeys,
    key: 'PASSKEY_LIMIT',
    fill: async (u, n) => {
      for (let i = 0; i < n; i++) ok(await passkeyCap.add(u, i));
    },
    add: async (u, _, headers) => {
      const options = await t.world.call('/user/passkey/register/options', u.token, {}, headers);
      if (options.code !== 0) return options;
      const answer = new SoftAuthenticator().register(ok(options), t.origin);
      return t.world.call('/user/passkey/register', u.token, answer, headers);
    },
    stored: (u) => rows(passkeys, u),
  };

  it.each([
    ['alerts', () => alertCap],
    ['chart drawings', () => drawingCap],
    ['passkeys', () => passkeyCap],
  ] as const)(
    '%s: a burst at the last slot stores exactly the cap; the next is refused',
    async (_, capOf) => {
      const cap = capOf();
      const u = await t.world.user();
      await cap.fill(u, cap.max - 1);
      expect(await cap.stored(u)).toBe(cap.max - 1);
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => cap.add(u, cap.max + i)));
      const keys = answers.map((a) => a.key ?? 'ok');
      expect(keys.filter((k) => k === 'ok')).toHaveLength(1);
      expect(keys.filter((k) => k !== 'ok')).toEqual(Array(BURST - 1).fill(cap.key));
      expect(await cap.stored(u)).toBe(cap.max);

      for (const headers of [EN, TR]) {
        const next = await cap.add(u, cap.max + BURST, headers);
        expect(next).toMatchObject({ code: -1001, key: cap.key });
        expect(next.msg).toContain(String(cap.max));
      }
      expect(await cap.stored(u)).toBe(cap.max);
    },
  );

  it('a passkey past the cap is refused before any challenge is handed out', async () => {
    const u = await t.world.user();
    await passkeyCap.fill(u, LIMITS.passkeys);
    const { passkeyChallenges } = await import('../../server/db/schema/passkeys');
    const before = (await db().select({ n: count() }).from(passkeyChallenges))[0]?.n;
    const options = await t.world.call('/user/passkey/register/options', u.token, {}, TR);
    expect(options).toMatchObject({ code: -1001, key: 'PASSKEY_LIMIT' });
    expect(options.msg).toBe(
      `En fazla ${LIMITS.passkeys} passkey ekleyebilirsiniz. Yenisini eklemek için birini kaldırın.`,
    );
    expect((await db().select({ n: count() }).from(passkeyChallenges))[0]?.n).toBe(before);
  });

  it('the watchlist: two different symbols at once for its last slot, one is kept', async () => {
    const u = await t.world.user();
    const fillers = Array.from({ length: LIMITS.watchlist - 1 }, (_, i) => ({
      userId: u.id,
      kind: 'stock' as const,
      symbol: `F${i}`,
    }));
    await db().insert(watchlist).values(fillers);
    const answers = await Promise.all(
      ['THYAO', 'ASELS'].map((symbol) => t.world.call('/stock/collect/add', u.token, { symbol })),
    );
    expect(answers.map((a) => a.key ?? 'ok').sort()).toEqual(['WATCHLIST_FULL', 'ok']);
    const held = await db().select({ n: count() }).from(watchlist).where(eq(watchlist.userId, u.id));
    expect(held[0]?.n).toBe(LIMITS.watchlist);
  });
});

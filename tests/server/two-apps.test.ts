import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateMessage, ServerMessage } from '../../domain/protocol/ws';
import { hashPassword } from '../../server/accounts/password';
import { ensurePinKey } from '../../server/accounts/pin-hash';
import { appStateOf, pinKeyOf } from '../../server/app-state';
import { users } from '../../server/db/schema/users';
import { hashToken } from '../../server/auth/session';
import { sendMessage } from '../../server/content/send';
import { alertWorld, ok, watchAlerts, type AlertWorld } from './alerts-support';
import { dbTargets } from '../support/server';
import { openSocket, type WsClient } from '../support/ws-client';

const isPrivate = (frame: ServerMessage): frame is PrivateMessage => frame.op === 'private';
const text = (en: string) => ({ 'tr-TR': en, 'en-US': en });

/**
 * Two apps in one process, each on its own database, share nothing held in memory (server/app-state.ts):
 * the same user id exists in both, yet an event of one never reaches a socket of the other, a
 * session one has vouched for is unknown to the other, each hashes PINs under its own data
 * directory's key, and closing one leaves the other's alert engine running. Before each app had
 * its own state, the event bus was one per process, and the PIN key the last app's to start.
 */
describe.each(dbTargets())('two apps in one process on %s', (target) => {
  let a: AlertWorld;
  let b: AlertWorld;
  let shared: { a: { id: bigint; token: string }; b: { id: bigint; token: string } };
  let aClosed = false;
  const clients: WsClient[] = [];
  const dataDirs: string[] = [];

  /** A socket of `world` signed in as `user`, on the `messages` channel. */
  async function listening(world: AlertWorld, user: { id: bigint; token: string }): Promise<WsClient> {
    const client = await openSocket(world.server.url, { query: 'lang=en-US' });
    clients.push(client);
    client.send({ op: 'auth', token: user.token });
    expect(await client.next((f) => f.op === 'authed' || f.op === 'error')).toMatchObject({ op: 'authed' });
    client.send({ op: 'sub', ch: 'messages' });
    expect(await client.next((f) => f.op === 'subscribed' || f.op === 'error')).toMatchObject({
      op: 'subscribed',
    });
    return client;
  }

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) dataDirs.push(await mkdtemp(path.join(tmpdir(), 'seans-two-apps-')));
    // A starts first, B second, each on a data directory of its own.
    a = await alertWorld(target, undefined, { dataDir: dataDirs[0] });
    b = await alertWorld(target, undefined, { dataDir: dataDirs[1] });
    shared = { a: await a.user(), b: await b.user() };
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    if (!aClosed) await a?.close();
    await b?.close();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('the same user id exists in both (the databases are seeded alike)', () => {
    expect(shared.a.id).toBe(shared.b.id);
  });

  it("an event published on one app is not delivered to the other's socket of that user", async () => {
    const [onA, onB] = [await listening(a, shared.a), await listening(b, shared.b)];
    const userId = shared.a.id;
    await sendMessage(a.server.database.db, { userId, title: text('for A'), body: text('A') });
    await sendMessage(b.server.database.db, { userId, title: text('for B'), body: text('B') });
    expect(await onA.next(isPrivate)).toMatchObject({
      ch: 'messages',
      seq: 1,
      data: { title: text('for A') },
    });
    expect(await onB.next(isPrivate)).toMatchObject({
      ch: 'messages',
      seq: 1,
      data: { title: text('for B') },
    });
    for (const client of [onA, onB]) {
      client.send({ op: 'ping' });
      await client.next((f) => f.op === 'pong');
    }
    expect(onA.frames.filter(isPrivate)).toHaveLength(1);
    expect(onB.frames.filter(isPrivate)).toHaveLength(1);
  });

  it('a session cached by one app is unknown to the other', async () => {
    const info = async (world: AlertWorld, token: string) =>
      (await world.get('/user/login/info', token)).code;
    expect(await info(a, shared.a.token)).toBe(0);
    const hash = hashToken(shared.a.token);
    const now = Date.now();
    expect(appStateOf(a.server.database.db).sessions.cached(hash, now)).toEqual({
      userId: shared.a.id,
      accountType: 'real',
    });
    expect(appStateOf(b.server.database.db).sessions.cached(hash, now)).toBeUndefined();
    // B's database never issued A's token, whatever A remembers about it.
    expect(await info(b, shared.a.token)).toBe(-1000);
  });

  it("each app hashes a PIN under its own data directory's key; B's start changed nothing of A's", async () => {
    const [PIN, NEXT] = ['482915', '730264'];
    const dbOf = (world: AlertWorld) => world.server.database.db;
    const [keyA, keyB] = [pinKeyOf(dbOf(a)), pinKeyOf(dbOf(b))];
    expect(keyA.secret).toEqual(await ensurePinKey(dataDirs[0] ?? '', {}));
    expect(keyB.secret).toEqual(await ensurePinKey(dataDirs[1] ?? '', {}));
    expect(keyA.id).not.toBe(keyB.id);
    const stored = async (world: AlertWorld) => {
      const [row] = await dbOf(world)
        .select({ hash: users.tradePasswordHash })
        .from(users)
        .where(eq(users.id, shared.a.id));
      return row?.hash ?? null;
    };
    const setPin = (world: AlertWorld, token: string, pin: string, fields: Record<string, string>) =>
      world.call('/user/update/tradepwd', token, { password: pin, confirmPassword: pin, ...fields });
    // A sets its first PIN after B started: under A's key, which B's start left A holding.
    for (const [world, token] of [
      [a, shared.a.token],
      [b, shared.b.token],
    ] as const) {
      await dbOf(world)
        .update(users)
        .set({ passwordHash: await hashPassword('secret1', 2 ** 10) })
        .where(eq(users.id, shared.a.id));
      ok(await setPin(world, token, PIN, { loginPassword: 'secret1' }));
    }
    const [hashA, hashB] = [await stored(a), await stored(b)];
    expect(hashA?.split('$').slice(0, 2)).toEqual(['hmac', keyA.id]);
    expect(hashB?.split('$').slice(0, 2)).toEqual(['hmac', keyB.id]);
    // Each app confirms its own hash (changing the PIN with the old one)...
    ok(await setPin(a, shared.a.token, NEXT, { oldPassword: PIN }));
    ok(await setPin(b, shared.b.token, NEXT, { oldPassword: PIN }));
    expect((await stored(a))?.split('$')[1]).toBe(keyA.id);
    // ...and B, not holding A's key, confirms nothing A hashed: the right PIN is refused.
    await dbOf(b)
      .update(users)
      .set({ tradePasswordHash: await stored(a) })
      .where(eq(users.id, shared.a.id));
    expect(await setPin(b, shared.b.token, PIN, { oldPassword: NEXT })).toMatchObject({
      key: 'TRADE_PASSWORD_INCORRECT',
    });
  });

  it("closing one app leaves the other's alert engine running", async () => {
    const add = (world: AlertWorld, token: string) =>
      world.call('/user/alert/add', token, { symbol: 'THYAO', kind: 'above', threshold: '311' });
    ok(await add(a, shared.a.token));
    const mine = ok<{ id: string }>(await add(b, shared.b.token));
    const heard = watchAlerts(b.server.database.db, shared.b.id);
    aClosed = true;
    await a.close();
    expect(appStateOf(a.server.database.db).alerts.engine()).toBeNull();
    expect(appStateOf(b.server.database.db).alerts.engine()).not.toBeNull();
    await b.price('THYAO', '312.00');
    expect(heard.seen.map((f) => [f.id, f.symbol, f.kind])).toEqual([[mine.id, 'THYAO', 'above']]);
    heard.off();
  });
});

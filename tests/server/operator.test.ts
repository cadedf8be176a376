import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { messages } from '../../server/db/schema/content';
import { kycSubmissions } from '../../server/db/schema/kyc';
import { operatorAudit } from '../../server/db/schema/system';
import { outbox, users } from '../../server/db/schema/users';
import { isLoopback } from '../../server/operator/key';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';

const KEY = 'k'.repeat(43);

describe('loopback addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['192.168.1.2', false],
    ['::ffff:10.0.0.1', false],
    ['128.0.0.1', false],
    ['', false],
    [undefined, false],
  ])('%s is loopback: %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});

describe.each(dbTargets())('operator API on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target, { operatorKey: KEY });
  });
  afterAll(async () => {
    await server?.close();
  });

  const op = (path: string, fields: Record<string, string> = {}, key = KEY) =>
    postForm(`${server.url}/operator/${path}`, fields, { 'x-operator-key': key, 'Accept-Language': 'en-US' });

  async function lastAudit() {
    const [row] = await server.database.db
      .select()
      .from(operatorAudit)
      .orderBy(desc(operatorAudit.id))
      .limit(1);
    return row;
  }

  it('refuses a wrong or missing key, and audits the refusal', async () => {
    for (const key of ['wrong', '']) {
      const body = await (await op('users', {}, key)).json();
      expect(body).toMatchObject({ code: -1001, key: 'FORBIDDEN', msg: 'You are not allowed to do this.' });
      expect(await lastAudit()).toMatchObject({ action: 'refused', result: 'wrong key' });
    }
  });

  it('refuses a caller that is not on loopback, even with the right key', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/operator/users',
      remoteAddress: '203.0.113.7',
      headers: { 'x-operator-key': KEY, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.json()).toMatchObject({ code: -1001, key: 'FORBIDDEN' });
    expect(await lastAudit()).toMatchObject({ action: 'refused', result: 'not loopback (203.0.113.7)' });
  });

  it('lists users and reads the outbox for a loopback caller with the key, auditing each action', async () => {
    const { account, userId } = await userWithSession(server.database.db);
    await server.database.db
      .insert(outbox)
      .values({ channel: 'email', target: account, subject: 'Code', body: 'Your code: 123456' });
    const users = await (await op('users', { limit: '10' })).json();
    expect(users.code).toBe(0);
    expect(users.data).toContainEqual(
      expect.objectContaining({ id: userId, account, status: 1, idStatus: 'none' }),
    );
    expect(await lastAudit()).toMatchObject({ action: 'users.list', result: 'ok', params: { limit: '10' } });

    const mail = await (await op('outbox', { to: account })).json();
    expect(mail.data).toEqual([expect.objectContaining({ to: account, body: 'Your code: 123456' })]);
    expect(await lastAudit()).toMatchObject({ action: 'outbox.read', target: account, result: 'ok' });
  });

  it('validates operator input like any other, and audits nothing it did not do', async () => {
    const before = await lastAudit();
    const body = await (await op('users', { limit: 'lots' })).json();
    expect(body).toMatchObject({ code: -1001, key: 'NUMBER_FORMAT' });
    expect((await lastAudit())?.id).toBe(before?.id);
  });

  it('kyc approve and reject settle a pending submission and tell its owner; unknown ids change nothing', async () => {
    const db = server.database.db;
    async function pendingSubmission(): Promise<{ userId: string; id: string }> {
      const { userId } = await userWithSession(db, { idStatus: 'pending' });
      const [row] = await db
        .insert(kycSubmissions)
        .values({
          userId: BigInt(userId),
          certType: 'id_card',
          fullName: 'Ayşe Yılmaz',
          certNumber: '12345678901',
          taxId: '1234567890',
          frontImageId: 'f'.repeat(32),
          backImageId: 'b'.repeat(32),
        })
        .returning({ id: kycSubmissions.id });
      return { userId, id: String(row?.id) };
    }
    const messagesOf = (userId: string) =>
      db
        .select()
        .from(messages)
        .where(eq(messages.userId, BigInt(userId)));
    const statusOf = async (userId: string) =>
      (
        await db
          .select({ s: users.idStatus })
          .from(users)
          .where(eq(users.id, BigInt(userId)))
      )[0]?.s;

    const approved = await pendingSubmission();
    expect(await (await op('kyc-approve', { id: approved.id })).json()).toMatchObject({
      code: 0,
      data: { status: 'succ' },
    });
    expect(await statusOf(approved.userId)).toBe('succ');
    expect((await messagesOf(approved.userId)).map((m) => m.title['en-US'])).toEqual([
      'Your identity is verified',
    ]);

    const rejected = await pendingSubmission();
    const answer = await (await op('kyc-reject', { id: rejected.id, reason: 'Blurry photo' })).json();
    expect(answer).toMatchObject({ code: 0, data: { status: 'fail', reason: 'Blurry photo' } });
    expect(await statusOf(rejected.userId)).toBe('fail');
    const [told] = await messagesOf(rejected.userId);
    expect(told?.body['tr-TR']).toContain('Blurry photo');

    // Already reviewed, unknown, or malformed: refused, and nobody gets a message.
    const before = (await db.select().from(messages)).length;
    expect(await (await op('kyc-approve', { id: approved.id })).json()).toMatchObject({
      code: -1001,
      key: 'NOT_FOUND',
    });
    expect(await (await op('kyc-approve', { id: '999999' })).json()).toMatchObject({
      code: -1001,
      key: 'NOT_FOUND',
    });
    expect(await (await op('kyc-approve', { id: 'abc' })).json()).toMatchObject({
      code: -1001,
      key: 'FIELD_INVALID',
    });
    expect(await (await op('kyc-reject', { id: rejected.id })).json()).toMatchObject({
      code: -1001,
      key: 'FIELD_REQUIRED',
    });
    expect((await db.select().from(messages)).length).toBe(before);
    // A refused review is audited with its reason; input that fails validation never reaches the action.
    expect(await lastAudit()).toMatchObject({
      action: 'kyc.approve',
      target: '999999',
      result: 'error:NOT_FOUND',
    });
  });

  it('is not part of the public API or its document', async () => {
    const doc = await (await fetch(server.api('/openapi.json'))).json();
    expect(JSON.stringify(doc)).not.toContain('/operator');
  });
});

describe('without an operator key', () => {
  it('has no operator API at all', async () => {
    const [target] = dbTargets();
    const server = await startServer(target ?? 'pglite');
    try {
      const res = await postForm(`${server.url}/operator/users`, {}, { 'x-operator-key': KEY });
      expect(res.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

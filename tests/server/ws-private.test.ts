import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateMessage, ServerMessage } from '../../domain/protocol/ws';
import { createUser, disableUser } from '../../server/accounts/users';
import { listMessages } from '../../server/content/messages';
import { sendMessage, sendNotice } from '../../server/content/send';
import { announceBalances } from '../../server/primary/ipo/notify';
import { uniqueEmail } from '../support/accounts';
import { instrument, scriptedSource } from '../support/scripted-source';
import { dbTargets, postForm, startServer, testSecurity, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';
import { openSocket, type WsClient } from '../support/ws-client';

const KEY = 'ws-private-operator-key-0123456789';
const isError = (frame: ServerMessage) => frame.op === 'error';
const isPrivate = (frame: ServerMessage): frame is PrivateMessage => frame.op === 'private';

/** `auth` resolves a session exactly as REST does; private channels carry only the user's own events. */
describe.each(dbTargets())('WebSocket auth and private channels on %s', (target) => {
  let server: TestServer;
  const clients: WsClient[] = [];
  const open = async (query?: string) => {
    const client = await openSocket(server.url, query ? { query } : {});
    clients.push(client);
    return client;
  };
  const signedIn = async () => {
    const user = await userWithSession(server.database.db);
    const client = await open('lang=en-US');
    client.send({ op: 'auth', token: user.token });
    expect(await client.next((f) => f.op === 'authed' || f.op === 'error')).toEqual({
      op: 'authed',
      userId: user.userId,
    });
    return { ...user, client };
  };

  beforeAll(async () => {
    server = await startServer(target, { operatorKey: KEY, source: scriptedSource([instrument('THYAO')]) });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server?.close();
  });

  it('refuses private channels before auth, and bad, expired or revoked tokens', async () => {
    const client = await open('lang=en-US');
    client.send({ op: 'sub', ch: 'messages' });
    expect(await client.next(isError)).toEqual({
      op: 'error',
      key: 'AUTH_REQUIRED',
      msg: 'Please sign in to subscribe to this channel.',
      ch: 'messages',
    });
    const expired = await userWithSession(server.database.db, { expiresInMs: -1000 });
    const revoked = await userWithSession(server.database.db, { revoked: true });
    for (const token of ['x'.repeat(43), expired.token, revoked.token]) {
      client.send({ op: 'auth', token });
      expect(await client.next(isError)).toMatchObject({ key: 'AUTH_FAILED' });
    }
    client.send({ op: 'sub', ch: 'orders' });
    expect(await client.next(isError)).toMatchObject({ key: 'AUTH_REQUIRED', ch: 'orders' });
    const tr = await open();
    tr.send({ op: 'sub', ch: 'balances' });
    expect(await tr.next(isError)).toMatchObject({
      key: 'AUTH_REQUIRED',
      msg: expect.stringMatching(/giriş/),
    });
  });

  it("delivers a message sent through the operator API to that user's socket only", async () => {
    const a = await signedIn();
    const b = await signedIn();
    for (const { client } of [a, b]) {
      for (const ch of ['messages', 'orders', 'balances', 'positions']) client.send({ op: 'sub', ch });
      for (let i = 0; i < 4; i++) await client.next((f) => f.op === 'subscribed' || f.op === 'error');
      expect(client.frames.filter(isError)).toEqual([]);
    }
    const res = await postForm(
      `${server.url}/operator/message-send`,
      {
        userId: a.userId,
        titleTr: 'Emriniz gerçekleşti',
        titleEn: 'Your order filled',
        bodyTr: 'Ayrıntı',
        bodyEn: 'Details',
      },
      { 'x-operator-key': KEY },
    );
    const answer = (await res.json()) as { code: number; data: { id: string } };
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    const got = await a.client.next(isPrivate);
    expect(got).toMatchObject({
      op: 'private',
      ch: 'messages',
      seq: 1,
      data: {
        type: 'message',
        id: answer.data.id,
        kind: 'personal',
        title: { 'tr-TR': 'Emriniz gerçekleşti', 'en-US': 'Your order filled' },
      },
    });
    expect(typeof got.t).toBe('number');
    // A notice to A follows at seq 2; B, subscribed to the same channel, saw neither.
    await sendNotice(server.database.db, {
      userId: BigInt(a.userId),
      title: { 'tr-TR': 'Duyuru', 'en-US': 'Notice' },
      body: { 'tr-TR': 'Metin', 'en-US': 'Text' },
    });
    expect(await a.client.next(isPrivate)).toMatchObject({
      ch: 'messages',
      seq: 2,
      data: { type: 'notice' },
    });
    b.client.send({ op: 'ping' });
    await b.client.next((f) => f.op === 'pong');
    expect(b.client.frames.filter(isPrivate)).toEqual([]);
  });

  /** A user with both tokens (real and demo), a socket signed in with `token`, on every private channel. */
  const listening = async (token: string) => {
    const client = await open('lang=en-US');
    client.send({ op: 'auth', token });
    expect(await client.next((f) => f.op === 'authed' || f.op === 'error')).toMatchObject({ op: 'authed' });
    for (const ch of ['messages', 'orders', 'balances', 'positions']) client.send({ op: 'sub', ch });
    for (let i = 0; i < 4; i++) await client.next((f) => f.op === 'subscribed');
    return client;
  };
  const person = () =>
    createUser(
      server.database.db,
      { security: testSecurity },
      { account: uniqueEmail('ws'), password: 'secret1' },
    );
  /** Everything the socket received up to a pong, so "nothing arrived" means nothing was sent. */
  const settled = async (client: WsClient) => {
    client.send({ op: 'ping' });
    await client.next((f) => f.op === 'pong');
    return client.frames;
  };

  it("keeps a demo account's events and messages off the real account's sockets and inbox", async () => {
    const u = await person();
    const userId = BigInt(u.userId);
    const real = await listening(u.userToken);
    const demo = await listening(u.userTokenDemo);
    const db = server.database.db;
    await announceBalances(db, userId, 'demo', Date.now());
    await sendMessage(db, {
      userId,
      accountType: 'demo',
      title: { 'tr-TR': 'Demo emriniz gerçekleşti', 'en-US': 'Your demo order filled' },
      body: { 'tr-TR': 'Ayrıntı', 'en-US': 'Details' },
    });
    expect(await demo.next(isPrivate)).toMatchObject({ ch: 'balances', data: { accountType: 'demo' } });
    expect(await demo.next(isPrivate)).toMatchObject({
      ch: 'messages',
      data: { title: { 'en-US': 'Your demo order filled' } },
    });
    expect((await settled(real)).filter(isPrivate)).toEqual([]);
    // The person's own news (no account in particular) reaches both.
    await sendMessage(db, {
      userId,
      title: { 'tr-TR': 'Kimliğiniz doğrulandı', 'en-US': 'Your identity was verified' },
      body: { 'tr-TR': 'Ayrıntı', 'en-US': 'Details' },
    });
    for (const client of [real, demo])
      expect(await client.next(isPrivate)).toMatchObject({
        ch: 'messages',
        data: { title: { 'en-US': 'Your identity was verified' } },
      });
    const inbox = async (accountType: 'real' | 'demo') =>
      (await listMessages(db, { userId, accountType }, 'en-US', { page: 1, size: 20 })).list.map(
        (m) => m.title,
      );
    const realInbox = await inbox('real');
    const demoInbox = await inbox('demo');
    expect(realInbox).toContain('Your identity was verified');
    expect(realInbox).not.toContain('Your demo order filled');
    expect(demoInbox.slice(0, 2)).toEqual(['Your identity was verified', 'Your demo order filled']);
  });

  it('stops pushing to a socket whose session ended: logout, a password change elsewhere, disabling', async () => {
    const db = server.database.db;
    const u = await person();
    const userId = BigInt(u.userId);
    const loggedOut = await listening(u.userToken);
    const logout = await postForm(server.api('/user/logout'), {}, { accesstoken: u.userToken });
    expect(((await logout.json()) as { code: number }).code).toBe(0);
    expect(await loggedOut.next(isError)).toMatchObject({ key: 'AUTH_FAILED' });
    await announceBalances(db, userId, 'real', Date.now());
    expect((await settled(loggedOut)).filter(isPrivate)).toEqual([]);

    // A password change ends the other sessions; the one it was made with keeps its socket.
    const login = async () =>
      (
        (await (
          await postForm(server.api('/user/login'), { account: u.account, password: 'secret1' })
        ).json()) as { data: { userToken: string } }
      ).data.userToken;
    const [kept, ended] = [await login(), await login()];
    const keptSocket = await listening(kept);
    const endedSocket = await listening(ended);
    const changed = await postForm(
      server.api('/user/update/password'),
      { oldPassword: 'secret1', password: 'secret2', confirmPassword: 'secret2' },
      { accesstoken: kept },
    );
    expect(((await changed.json()) as { code: number }).code).toBe(0);
    expect(await endedSocket.next(isError)).toMatchObject({ key: 'AUTH_FAILED' });
    await announceBalances(db, userId, 'real', Date.now());
    expect(await keptSocket.next(isPrivate)).toMatchObject({ ch: 'balances' });
    expect((await settled(endedSocket)).filter(isPrivate)).toEqual([]);
    expect((await settled(keptSocket)).filter(isError)).toEqual([]);

    await disableUser(db, userId);
    expect(await keptSocket.next(isError)).toMatchObject({ key: 'AUTH_FAILED' });
    await announceBalances(db, userId, 'real', Date.now());
    expect((await settled(keptSocket)).filter(isPrivate)).toHaveLength(1);
  });

  it('stops private events after unsub, and a platform message reaches every signed-in socket', async () => {
    const a = await signedIn();
    const b = await signedIn();
    a.client.send({ op: 'sub', ch: 'messages' });
    b.client.send({ op: 'sub', ch: 'messages' });
    await a.client.next((f) => f.op === 'subscribed');
    await b.client.next((f) => f.op === 'subscribed');
    b.client.send({ op: 'unsub', ch: 'messages' });
    await b.client.next((f) => f.op === 'unsubscribed');
    const res = await postForm(
      `${server.url}/operator/message-send`,
      { titleTr: 'Bakım', titleEn: 'Maintenance', bodyTr: 'Cumartesi', bodyEn: 'Saturday' },
      { 'x-operator-key': KEY },
    );
    expect(((await res.json()) as { code: number }).code).toBe(0);
    expect(await a.client.next(isPrivate)).toMatchObject({ data: { type: 'message', kind: 'platform' } });
    b.client.send({ op: 'ping' });
    await b.client.next((f) => f.op === 'pong');
    expect(b.client.frames.filter(isPrivate)).toEqual([]);
  });
});

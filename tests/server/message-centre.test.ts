import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageListSchema } from '../../domain/protocol/content';
import { messageReads, messages } from '../../server/db/schema/content';
import { sendMessage } from '../../server/content/send';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';

const EN = { 'Accept-Language': 'en-US' };
type Answer = { code: number; msg: string; key?: string; data: Record<string, unknown> };
type User = { token: string; userId: string };

describe.each(dbTargets())('message centre on %s', (target) => {
  let server: TestServer;
  let a: User;
  let b: User;
  let aPersonal: string;
  let bPersonal: string;
  let platform: string;

  const post = async (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    (await postForm(server.api(path), fields, headers)).json() as Promise<Answer>;
  const as = (user: User, extra: Record<string, string> = {}) => ({ accesstoken: user.token, ...extra });
  const list = async (
    user: User,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) => {
    const answer = await post('/user/message/list', { size: '100', ...fields }, as(user, headers));
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    return messageListSchema.parse(answer.data);
  };
  const readRows = async () => (await server.database.db.select().from(messageReads)).length;

  beforeAll(async () => {
    server = await startServer(target);
    const db = server.database.db;
    a = await userWithSession(db);
    b = await userWithSession(db);
    aPersonal = await sendMessage(db, {
      userId: BigInt(a.userId),
      title: { 'tr-TR': 'Emriniz gerçekleşti', 'en-US': 'Your order filled' },
      body: { 'tr-TR': '10 lot THYAO alındı.', 'en-US': 'Bought 10 lots of THYAO.' },
    });
    bPersonal = await sendMessage(db, {
      userId: BigInt(b.userId),
      title: { 'tr-TR': 'B için', 'en-US': 'For B' },
      body: { 'tr-TR': 'Gizli', 'en-US': 'Private' },
    });
    platform = await sendMessage(db, {
      userId: null,
      title: { 'tr-TR': 'Bakım duyurusu', 'en-US': 'Maintenance notice' },
      body: { 'tr-TR': 'Cumartesi bakım yapılacak.', 'en-US': 'Maintenance on Saturday.' },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the user's personal and all platform messages, newest first, in the caller's language", async () => {
    const page = await list(a);
    // Two seeded platform messages, the new platform one and A's own.
    expect(page).toMatchObject({ total: 4, page: 1, size: 100, unread: 4 });
    const ids = page.list.map((m) => m.id);
    expect(ids).toContain(aPersonal);
    expect(ids).toContain(platform);
    expect(ids).not.toContain(bPersonal);
    const times = page.list.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(page.list.find((m) => m.id === aPersonal)).toMatchObject({
      kind: 'personal',
      title: 'Emriniz gerçekleşti',
      body: '10 lot THYAO alındı.',
      read: false,
    });
    expect(page.list.map((m) => m.title)).toContain("Seans'a hoş geldiniz");
    const en = await list(a, {}, EN);
    expect(en.list.map((m) => m.id)).toEqual(ids);
    expect(en.list.find((m) => m.id === platform)).toMatchObject({
      kind: 'platform',
      title: 'Maintenance notice',
    });
    expect(en.list.map((m) => m.title)).toContain('How to get support');
  });

  it('filters by kind while the unread count covers both kinds', async () => {
    const personal = await list(b, { kind: 'personal' });
    expect(personal).toMatchObject({ total: 1, unread: 4 });
    expect(personal.list.map((m) => m.id)).toEqual([bPersonal]);
    const platformOnly = await list(b, { kind: 'platform' });
    expect(platformOnly).toMatchObject({ total: 3, unread: 4 });
    expect(platformOnly.list.every((m) => m.kind === 'platform')).toBe(true);
  });

  it('pages in the same order, with the total on every page', async () => {
    const all = (await list(a)).list.map((m) => m.id);
    const first = await list(a, { page: '1', size: '3' });
    const second = await list(a, { page: '2', size: '3' });
    expect(first).toMatchObject({ total: 4, page: 1, size: 3 });
    expect(second).toMatchObject({ total: 4, page: 2, size: 3 });
    expect([...first.list, ...second.list].map((m) => m.id)).toEqual(all);
    expect((await list(a, { page: '3', size: '3' })).list).toEqual([]);
  });

  it('marks one message read, idempotently, for that user only', async () => {
    const before = await readRows();
    expect(await post('/user/message/read', { id: platform }, as(a))).toEqual({
      code: 0,
      msg: 'ok',
      data: { unread: 3 },
    });
    expect(await post('/user/message/read', { id: platform }, as(a))).toMatchObject({ data: { unread: 3 } });
    expect(await readRows()).toBe(before + 1);
    const page = await list(a);
    expect(page.unread).toBe(3);
    expect(page.list.find((m) => m.id === platform)?.read).toBe(true);
    // The platform message is still unread for B.
    expect((await list(b)).list.find((m) => m.id === platform)?.read).toBe(false);
  });

  it("answers someone else's personal message exactly like a missing one, and changes nothing", async () => {
    const before = await readRows();
    const expected = { code: -1001, msg: 'Message not found.', key: 'MESSAGE_NOT_FOUND', data: {} };
    expect(await post('/user/message/read', { id: bPersonal }, as(a, EN))).toEqual(expected);
    expect(await post('/user/message/read', { id: '999999999' }, as(a, EN))).toEqual(expected);
    expect(await post('/user/message/read', { id: bPersonal }, as(a))).toMatchObject({
      msg: 'Mesaj bulunamadı.',
    });
    expect(await readRows()).toBe(before);
    expect((await list(b)).list.find((m) => m.id === bPersonal)?.read).toBe(false);
  });

  it("marks everything read with all=1, never touching another user's messages", async () => {
    const bUnread = (await list(b)).unread;
    expect(await post('/user/message/read', { all: '1' }, as(a))).toEqual({
      code: 0,
      msg: 'ok',
      data: { unread: 0 },
    });
    expect(await post('/user/message/read', { all: '1' }, as(a))).toMatchObject({ data: { unread: 0 } });
    const page = await list(a);
    expect(page.unread).toBe(0);
    expect(page.list.every((m) => m.read)).toBe(true);
    expect((await list(b)).unread).toBe(bUnread);
    // A message sent afterwards is unread again.
    const later = await sendMessage(server.database.db, {
      userId: BigInt(a.userId),
      title: { 'tr-TR': 'Yeni', 'en-US': 'New' },
      body: { 'tr-TR': 'Metin', 'en-US': 'Text' },
    });
    const after = await list(a);
    expect(after.unread).toBe(1);
    expect(after.list[0]).toMatchObject({ id: later, read: false });
  });

  it('shows platform messages to users who join later', async () => {
    const c = await userWithSession(server.database.db);
    const page = await list(c);
    expect(page).toMatchObject({ total: 3, unread: 3 });
    expect(page.list.map((m) => m.id)).toContain(platform);
  });

  it('rejects bad input with the field named, in both languages, and changes nothing', async () => {
    const before = await readRows();
    const read = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      post('/user/message/read', fields, as(a, headers));
    expect(await read({})).toEqual({
      code: -1001,
      msg: 'Kayıt numarası alanı zorunludur.',
      key: 'FIELD_REQUIRED',
      data: {},
    });
    expect(await read({ all: '0' }, EN)).toMatchObject({ key: 'FIELD_REQUIRED', msg: 'ID is required.' });
    expect(await read({ id: 'abc' }, EN)).toMatchObject({
      key: 'FIELD_INVALID',
      msg: 'ID has an invalid value.',
    });
    expect(await read({ id: '' }, EN)).toMatchObject({ key: 'FIELD_REQUIRED' });
    expect(await read({ all: 'yes' }, EN)).toMatchObject({
      key: 'FIELD_INVALID',
      msg: 'All has an invalid value.',
    });
    expect(await read({ all: 'yes' })).toMatchObject({ msg: 'Tümü alanının değeri geçersiz.' });
    expect(await readRows()).toBe(before);

    const bad = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      post('/user/message/list', fields, as(a, headers));
    expect(await bad({ size: '1000' })).toEqual({
      code: -1001,
      msg: 'Sayfa boyutu alanının değeri geçersiz.',
      key: 'FIELD_INVALID',
      data: {},
    });
    expect(await bad({ size: '1000' }, EN)).toMatchObject({ msg: 'Page size has an invalid value.' });
    expect(await bad({ page: '0' }, EN)).toMatchObject({
      key: 'FIELD_INVALID',
      msg: 'Page has an invalid value.',
    });
    expect(await bad({ kind: 'system' }, EN)).toMatchObject({
      key: 'FIELD_INVALID',
      msg: 'Type has an invalid value.',
    });
    expect(await bad({ kind: 'system' })).toMatchObject({ msg: 'Tür alanının değeri geçersiz.' });
  });

  it('answers guests with -1000 and uses POST as endpoints.txt says', async () => {
    const before = await readRows();
    const invalid = {
      code: -1000,
      msg: 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.',
      key: 'SESSION_INVALID',
      data: {},
    };
    expect(await post('/user/message/list', {})).toEqual(invalid);
    expect(await post('/user/message/read', { all: '1' })).toEqual(invalid);
    expect(await post('/user/message/read', { id: platform }, { accesstoken: 'y'.repeat(43) })).toEqual(
      invalid,
    );
    expect(await readRows()).toBe(before);
    expect((await fetch(server.api('/user/message/list'))).status).toBe(405);
  });

  it('sendMessage needs a user for a personal message and checks the user exists', async () => {
    const db = server.database.db;
    const count = async () => (await db.select().from(messages)).length;
    const before = await count();
    const text = { title: { 'tr-TR': 'x' }, body: { 'tr-TR': 'y' } };
    await expect(sendMessage(db, { userId: null, kind: 'personal', ...text })).rejects.toMatchObject({
      key: 'FIELD_REQUIRED',
    });
    await expect(sendMessage(db, { userId: 987654321n, ...text })).rejects.toMatchObject({
      key: 'NOT_FOUND',
    });
    await expect(
      sendMessage(db, { userId: BigInt(a.userId), title: {}, body: { 'tr-TR': 'y' } }),
    ).rejects.toMatchObject({
      key: 'FIELD_REQUIRED',
      params: { field: 'title' },
    });
    expect(await count()).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { noticeSchema, pageOf } from '../../domain/protocol/content';
import { noticeReads, notices } from '../../server/db/schema/content';
import { sendNotice } from '../../server/content/send';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';

const EN = { 'Accept-Language': 'en-US' };
const noticePage = pageOf(noticeSchema);
type Answer = { code: number; msg: string; key?: string; data: Record<string, unknown> };

describe.each(dbTargets())('notices on %s', (target) => {
  let server: TestServer;
  let a: { token: string; userId: string };
  let b: { token: string; userId: string };
  let aPersonal: string;
  let bPersonal: string;
  let platformPinned: string;

  const get = async (path: string, headers: Record<string, string> = {}): Promise<Answer> =>
    (await fetch(server.api(path), { headers })).json() as Promise<Answer>;
  const post = async (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    (await postForm(server.api(path), fields, headers)).json() as Promise<Answer>;
  const as = (user: { token: string }, extra: Record<string, string> = {}) => ({
    accesstoken: user.token,
    ...extra,
  });
  const readRows = async () => (await server.database.db.select().from(noticeReads)).length;

  beforeAll(async () => {
    server = await startServer(target);
    const db = server.database.db;
    a = await userWithSession(db);
    b = await userWithSession(db);
    aPersonal = await sendNotice(db, {
      userId: BigInt(a.userId),
      title: { 'tr-TR': 'A için not', 'en-US': 'A note for A' },
      body: {
        'tr-TR': 'Kimlik doğrulamanız onaylandı.',
        'en-US': 'Your identity verification was approved.',
      },
    });
    bPersonal = await sendNotice(db, {
      userId: BigInt(b.userId),
      title: { 'tr-TR': 'B için not', 'en-US': 'A note for B' },
      body: { 'tr-TR': 'Gizli', 'en-US': 'Private' },
      pinned: true,
    });
    platformPinned = await sendNotice(db, {
      title: { 'tr-TR': 'Yeni sabit duyuru', 'en-US': 'New pinned notice' },
      body: { 'tr-TR': 'Herkes görür.', 'en-US': 'Everyone sees this.' },
      pinned: true,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists platform notices to guests in Turkish by default and in English on request', async () => {
    const tr = await get('/index/notice?size=100');
    expect(tr.code).toBe(0);
    const page = noticePage.parse(tr.data);
    // Five seeded platform notices plus the one sent above; personal notices never appear here.
    expect(page.total).toBe(6);
    expect(page.list.map((n) => n.id)).not.toContain(aPersonal);
    expect(page.list.map((n) => n.id)).not.toContain(bPersonal);
    expect(page.list.every((n) => n.read === undefined)).toBe(true);
    expect(page.list[0]).toMatchObject({ id: platformPinned, title: 'Yeni sabit duyuru', pinned: true });
    expect(page.list.map((n) => n.title)).toContain('Seans deneme ortamına hoş geldiniz');

    const en = noticePage.parse((await get('/index/notice?size=100', EN)).data);
    expect(en.list.map((n) => n.id)).toEqual(page.list.map((n) => n.id));
    expect(en.list[0]).toMatchObject({ title: 'New pinned notice', body: 'Everyone sees this.' });
    expect(en.list.map((n) => n.title)).toContain('Welcome to the Seans sandbox');
  });

  it('puts pinned notices first, then newest first', async () => {
    const { list } = noticePage.parse((await get('/index/notice?size=100')).data);
    const firstUnpinned = list.findIndex((n) => !n.pinned);
    expect(firstUnpinned).toBeGreaterThan(0);
    expect(list.slice(firstUnpinned).every((n) => !n.pinned)).toBe(true);
    for (const group of [list.slice(0, firstUnpinned), list.slice(firstUnpinned)]) {
      const times = group.map((n) => n.createdAt);
      expect(times).toEqual([...times].sort((x, y) => y - x));
    }
  });

  it('pages: size and page cut the same order, total stays, past the end is empty', async () => {
    const all = noticePage.parse((await get('/index/notice?size=100')).data).list.map((n) => n.id);
    const pages = [];
    for (let p = 1; p <= 3; p += 1) {
      const page = noticePage.parse((await get(`/index/notice?page=${p}&size=2`)).data);
      expect(page).toMatchObject({ total: 6, page: p, size: 2 });
      pages.push(...page.list.map((n) => n.id));
    }
    expect(pages).toEqual(all);
    expect((await get('/index/notice?page=4&size=2')).data).toEqual({ list: [], total: 6, page: 4, size: 2 });
    expect((await get('/index/notice')).data).toMatchObject({ page: 1, size: 20 });
  });

  it('rejects out-of-bounds paging with a localized message', async () => {
    expect(await get('/index/notice?size=1000')).toEqual({
      code: -1001,
      msg: 'Sayfa boyutu alanının değeri geçersiz.',
      key: 'FIELD_INVALID',
      data: {},
    });
    expect(await get('/user/notice?size=1000', as(a, EN))).toMatchObject({
      key: 'FIELD_INVALID',
      msg: 'Page size has an invalid value.',
    });
    expect(await get('/index/notice?page=0', EN)).toMatchObject({
      key: 'FIELD_INVALID',
      msg: 'Page has an invalid value.',
    });
    expect(await get('/index/notice?size=x', EN)).toMatchObject({ key: 'NUMBER_FORMAT' });
  });

  it("shows a user the platform notices and their own, never someone else's", async () => {
    const mine = noticePage.parse((await get('/user/notice?size=100', as(a))).data);
    const ids = mine.list.map((n) => n.id);
    expect(mine.total).toBe(7);
    expect(ids).toContain(aPersonal);
    expect(ids).toContain(platformPinned);
    expect(ids).not.toContain(bPersonal);
    expect(mine.list.every((n) => n.read === false)).toBe(true);
    const own = mine.list.find((n) => n.id === aPersonal);
    expect(own).toMatchObject({ title: 'A için not', body: 'Kimlik doğrulamanız onaylandı.', pinned: false });
    const en = noticePage.parse((await get('/user/notice?size=100', as(a, EN))).data);
    expect(en.list.find((n) => n.id === aPersonal)?.title).toBe('A note for A');

    // B's pinned personal notice comes before the platform's pinned ones only for B.
    const theirs = noticePage.parse((await get('/user/notice?size=100', as(b))).data);
    expect(theirs.list.map((n) => n.id)).toContain(bPersonal);
    expect(theirs.list.map((n) => n.id)).not.toContain(aPersonal);
    expect(theirs.list.filter((n) => n.pinned).length).toBe(3);
  });

  it('marks a notice read for that user only, and marking again changes nothing', async () => {
    const before = await readRows();
    expect(await post('/user/notice/read', { id: platformPinned }, as(a))).toEqual({
      code: 0,
      msg: 'ok',
      data: { id: platformPinned, read: true },
    });
    expect(await post('/user/notice/read', { id: platformPinned }, as(a))).toMatchObject({ code: 0 });
    expect(await post('/user/notice/read', { id: ` ${aPersonal} ` }, as(a))).toMatchObject({ code: 0 });
    expect(await readRows()).toBe(before + 2);

    const mine = noticePage.parse((await get('/user/notice?size=100', as(a))).data);
    const readIds = mine.list.filter((n) => n.read).map((n) => n.id);
    expect(readIds.sort()).toEqual([platformPinned, aPersonal].sort());
    const theirs = noticePage.parse((await get('/user/notice?size=100', as(b))).data);
    expect(theirs.list.every((n) => n.read === false)).toBe(true);
  });

  it("answers someone else's personal notice exactly like a missing one, and changes nothing", async () => {
    const before = await readRows();
    const expected = { code: -1001, msg: 'İstenen adres bulunamadı.', key: 'NOT_FOUND', data: {} };
    expect(await post('/user/notice/read', { id: bPersonal }, as(a))).toEqual(expected);
    expect(await post('/user/notice/read', { id: '999999999' }, as(a))).toEqual(expected);
    expect(await post('/user/notice/read', { id: bPersonal }, as(a, EN))).toMatchObject({
      key: 'NOT_FOUND',
      msg: 'The requested address was not found.',
    });
    expect(await readRows()).toBe(before);
    const rows = await server.database.db
      .select()
      .from(noticeReads)
      .where(eq(noticeReads.noticeId, BigInt(bPersonal)));
    expect(rows).toEqual([]);
  });

  it('rejects a missing or malformed id with the field named, in both languages', async () => {
    const before = await readRows();
    expect(await post('/user/notice/read', {}, as(a))).toEqual({
      code: -1001,
      msg: 'Kayıt numarası alanı zorunludur.',
      key: 'FIELD_REQUIRED',
      data: {},
    });
    expect(await post('/user/notice/read', {}, as(a, EN))).toMatchObject({
      key: 'FIELD_REQUIRED',
      msg: 'ID is required.',
    });
    for (const id of ['abc', '-1', '0', '1.5', '1e3', '12345678901234567890', '0x10']) {
      expect(await post('/user/notice/read', { id }, as(a, EN)), id).toMatchObject({
        code: -1001,
        key: 'FIELD_INVALID',
        msg: 'ID has an invalid value.',
      });
    }
    expect(await post('/user/notice/read', { id: 'abc' }, as(a))).toMatchObject({
      msg: 'Kayıt numarası alanının değeri geçersiz.',
    });
    expect(await readRows()).toBe(before);
  });

  it('answers guests and bad tokens with -1000 on the signed-in routes', async () => {
    const before = await readRows();
    const invalid = {
      code: -1000,
      msg: 'Your session has ended. Please log in again.',
      key: 'SESSION_INVALID',
      data: {},
    };
    expect(await get('/user/notice', EN)).toEqual(invalid);
    expect(await post('/user/notice/read', { id: platformPinned }, EN)).toEqual(invalid);
    expect(
      await post('/user/notice/read', { id: platformPinned }, { ...EN, accesstoken: 'x'.repeat(43) }),
    ).toEqual(invalid);
    expect(await post('/user/notice/read', {})).toMatchObject({ code: -1000 });
    expect(await readRows()).toBe(before);
  });

  it('uses exactly the methods of endpoints.txt', async () => {
    expect((await fetch(server.api('/index/notice'), { method: 'POST' })).status).toBe(405);
    expect((await fetch(server.api('/user/notice/read'))).status).toBe(405);
  });

  it('falls back to Turkish, then to any language a text has', async () => {
    const db = server.database.db;
    const onlyTr = await sendNotice(db, { title: { 'tr-TR': 'Yalnız Türkçe' }, body: { 'tr-TR': 'Metin' } });
    const onlyEn = await sendNotice(db, { title: { 'en-US': 'English only' }, body: { 'en-US': 'Text' } });
    const en = noticePage.parse((await get('/index/notice?size=100', EN)).data).list;
    const tr = noticePage.parse((await get('/index/notice?size=100')).data).list;
    expect(en.find((n) => n.id === onlyTr)?.title).toBe('Yalnız Türkçe');
    expect(tr.find((n) => n.id === onlyEn)?.title).toBe('English only');
    await db.delete(notices).where(eq(notices.id, BigInt(onlyTr)));
    await db.delete(notices).where(eq(notices.id, BigInt(onlyEn)));
  });

  it('sendNotice checks its text and its user before writing anything', async () => {
    const db = server.database.db;
    const count = async () => (await db.select().from(notices)).length;
    const before = await count();
    await expect(sendNotice(db, { title: { 'tr-TR': '  ' }, body: { 'tr-TR': 'x' } })).rejects.toMatchObject({
      key: 'FIELD_REQUIRED',
      params: { field: 'title' },
    });
    await expect(sendNotice(db, { title: {}, body: { 'tr-TR': 'x' } })).rejects.toMatchObject({
      key: 'FIELD_REQUIRED',
    });
    await expect(
      sendNotice(db, { title: { 'en-US': 'x'.repeat(201) }, body: { 'en-US': 'x' } }),
    ).rejects.toMatchObject({ key: 'FIELD_TOO_LONG', params: { max: 200, field: 'title' } });
    await expect(
      sendNotice(db, { userId: 987654321n, title: { 'tr-TR': 'x' }, body: { 'tr-TR': 'y' } }),
    ).rejects.toMatchObject({ key: 'NOT_FOUND' });
    expect(await count()).toBe(before);
  });
});

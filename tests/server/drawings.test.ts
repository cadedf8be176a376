import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartDrawings } from '../../server/db/schema/drawings';
import { DRAWINGS_MAX } from '../../server/drawings/store';
import { instrument, scriptedSource } from '../support/scripted-source';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';

type Line = {
  id: string;
  symbol: string;
  kind: string;
  price: string;
  time: number | null;
  price2: string | null;
  time2: number | null;
};
type Answer = { code: number; msg: string; key?: string; data: unknown };

/** Chart lines are the user's own, per symbol, validated, capped, and kept across requests. */
describe.each(dbTargets())('chart drawings on %s', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    const source = scriptedSource([
      instrument('THYAO'),
      instrument('XU100', { market: 'index', group: null }),
      instrument('BTCUSDT'),
    ]);
    server = await startServer(target, { source });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = async (path: string, token: string, fields: Record<string, string>, lang = 'en-US') =>
    (await (
      await postForm(server.api(path), fields, { accesstoken: token, 'Accept-Language': lang })
    ).json()) as Answer;
  const list = async (token: string, symbol: string) =>
    ((await post('/user/drawing/list', token, { symbol })).data as { list: Line[] }).list;

  it('needs a session', async () => {
    const answer = (await (
      await postForm(server.api('/user/drawing/list'), { symbol: 'THYAO' })
    ).json()) as Answer;
    expect(answer.code).toBe(-1000);
  });

  it('saves horizontal and trend lines, lists them per symbol oldest first, moves and deletes them', async () => {
    const { token } = await userWithSession(server.database.db);
    const hline = await post('/user/drawing/save', token, {
      symbol: 'thyao',
      kind: 'hline',
      price: '312.50',
    });
    expect(hline).toMatchObject({
      code: 0,
      data: { symbol: 'THYAO', kind: 'hline', price: '312.50', time: null, price2: null, time2: null },
    });
    const trend = await post('/user/drawing/save', token, {
      symbol: 'THYAO',
      kind: 'trend',
      price: '300',
      time: '1764000000000',
      price2: '320.25',
      time2: '1764086400000',
    });
    expect(trend.data).toMatchObject({
      kind: 'trend',
      price: '300',
      time: 1764000000000,
      price2: '320.25',
      time2: 1764086400000,
    });
    await post('/user/drawing/save', token, { symbol: 'BTCUSDT', kind: 'hline', price: '65000.5' });

    const lines = await list(token, 'THYAO');
    expect(lines.map((l) => l.kind)).toEqual(['hline', 'trend']);
    expect((await list(token, 'BTCUSDT')).map((l) => l.price)).toEqual(['65000.5']);
    expect(await list(token, 'XU100')).toEqual([]);

    const id = (hline.data as Line).id;
    const moved = await post('/user/drawing/save', token, {
      id,
      symbol: 'THYAO',
      kind: 'hline',
      price: '315',
    });
    expect(moved.data).toMatchObject({ id, price: '315' });
    expect((await list(token, 'THYAO')).map((l) => l.price)).toEqual(['315', '300']);

    expect(await post('/user/drawing/delete', token, { id })).toMatchObject({
      code: 0,
      data: { id, deleted: true },
    });
    expect((await list(token, 'THYAO')).map((l) => l.kind)).toEqual(['trend']);
    // Deleting it again: it is gone, and says so.
    expect(await post('/user/drawing/delete', token, { id })).toMatchObject({
      code: -1001,
      key: 'DRAWING_NOT_FOUND',
    });
  });

  it("keeps other users' lines invisible and untouchable", async () => {
    const a = await userWithSession(server.database.db);
    const b = await userWithSession(server.database.db);
    const mine = await post('/user/drawing/save', a.token, { symbol: 'THYAO', kind: 'hline', price: '300' });
    const id = (mine.data as Line).id;
    expect(await list(b.token, 'THYAO')).toEqual([]);
    expect(await post('/user/drawing/delete', b.token, { id })).toMatchObject({ key: 'DRAWING_NOT_FOUND' });
    expect(
      await post('/user/drawing/save', b.token, { id, symbol: 'THYAO', kind: 'hline', price: '1' }),
    ).toMatchObject({ key: 'DRAWING_NOT_FOUND' });
    // Nor can the owner move a line onto another symbol's chart by its id.
    expect(
      await post('/user/drawing/save', a.token, { id, symbol: 'BTCUSDT', kind: 'hline', price: '1' }),
    ).toMatchObject({ key: 'DRAWING_NOT_FOUND' });
    expect((await list(a.token, 'THYAO')).map((l) => l.price)).toEqual(['300']);
  });

  it('refuses bad input with a localized key and stores nothing', async () => {
    const { token } = await userWithSession(server.database.db);
    const cases: [Record<string, string>, string][] = [
      [{ symbol: 'NOPE', kind: 'hline', price: '1' }, 'UNKNOWN_SYMBOL'],
      [{ symbol: 'THYAO', kind: 'circle', price: '1' }, 'FIELD_INVALID'],
      [{ symbol: 'THYAO', kind: 'hline', price: 'NaN' }, 'NUMBER_FORMAT'],
      [{ symbol: 'THYAO', kind: 'hline', price: 'Infinity' }, 'NUMBER_FORMAT'],
      [{ symbol: 'THYAO', kind: 'hline', price: '1e5' }, 'NUMBER_FORMAT'],
      [{ symbol: 'THYAO', kind: 'hline', price: '0' }, 'FIELD_INVALID'],
      [{ symbol: 'THYAO', kind: 'hline', price: '-5' }, 'FIELD_INVALID'],
      [{ symbol: 'THYAO', kind: 'hline' }, 'FIELD_REQUIRED'],
      [{ symbol: 'THYAO', kind: 'trend', price: '1', time: '1764000000000', price2: '2' }, 'FIELD_REQUIRED'],
      [{ symbol: 'THYAO', kind: 'trend', price: '1', time: '-1', price2: '2', time2: '5' }, 'FIELD_INVALID'],
      [{ symbol: 'THYAO', kind: 'trend', price: '1', time: '1.5', price2: '2', time2: '5' }, 'NUMBER_FORMAT'],
      [{ symbol: 'THYAO', kind: 'hline', price: '1', id: 'abc' }, 'FIELD_INVALID'],
    ];
    for (const [fields, key] of cases) {
      const answer = await post('/user/drawing/save', token, fields);
      expect({ fields, code: answer.code, key: answer.key }).toEqual({ fields, code: -1001, key });
      expect(answer.msg, JSON.stringify(fields)).not.toBe('');
    }
    const turkish = await post(
      '/user/drawing/save',
      token,
      { symbol: 'NOPE', kind: 'hline', price: '1' },
      'tr-TR',
    );
    const english = await post('/user/drawing/save', token, { symbol: 'NOPE', kind: 'hline', price: '1' });
    expect(turkish.msg).not.toBe(english.msg);
    expect(await post('/user/drawing/list', token, { symbol: 'NOPE' })).toMatchObject({
      key: 'UNKNOWN_SYMBOL',
    });
    expect(await post('/user/drawing/delete', token, { id: '0' })).toMatchObject({ key: 'FIELD_INVALID' });
    expect(await list(token, 'THYAO')).toEqual([]);
  });

  it(`keeps at most ${DRAWINGS_MAX} lines per user, over all symbols`, async () => {
    const { token, userId } = await userWithSession(server.database.db);
    await server.database.db.insert(chartDrawings).values(
      Array.from({ length: DRAWINGS_MAX - 1 }, (_, i) => ({
        userId: BigInt(userId),
        symbol: i % 2 === 0 ? 'THYAO' : 'BTCUSDT',
        kind: 'hline' as const,
        price: String(i + 1),
        createdAt: 0,
      })),
    );
    expect(
      (await post('/user/drawing/save', token, { symbol: 'XU100', kind: 'hline', price: '9000' })).code,
    ).toBe(0);
    const full = await post('/user/drawing/save', token, { symbol: 'XU100', kind: 'hline', price: '9001' });
    expect(full).toMatchObject({ code: -1001, key: 'DRAWING_LIMIT' });
    expect(full.msg).toContain(String(DRAWINGS_MAX));
    expect((await list(token, 'XU100')).map((l) => l.price)).toEqual(['9000']);
    // Moving a line is not a new one: still allowed at the limit.
    const [line] = await list(token, 'XU100');
    expect(
      (
        await post('/user/drawing/save', token, {
          id: line!.id,
          symbol: 'XU100',
          kind: 'hline',
          price: '9100',
        })
      ).code,
    ).toBe(0);
  });
});

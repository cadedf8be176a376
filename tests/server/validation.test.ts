import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimal, int, oneOf, paging, text } from '../../domain/validation/fields';
import { endpoint } from '../../domain/protocol/endpoint';
import { implement } from '../../server/http/route';
import { settings } from '../../server/db/schema/system';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { pick, rng, seedFromEnv } from '../support/random';

/**
 * Probe routes built from the shared field builders, as every real route is: they exercise
 * the request pipeline (parsing, validation, localization) and count the calls that got through.
 */
let accepted = 0;
const probeRoutes = [
  implement(
    endpoint({
      method: 'POST',
      path: '/test/probe',
      auth: 'none',
      input: z.object({ name: text({ max: 32 }), price: decimal(), side: oneOf(['buy', 'sell']) }),
      output: z.object({ name: z.string(), price: z.string(), side: z.string() }),
    }),
    {
      summary: 'probe',
      tag: 'test',
      handler: async ({ input }) => {
        accepted += 1;
        return input;
      },
    },
  ),
  implement(
    endpoint({
      method: 'GET',
      path: '/test/list',
      auth: 'none',
      input: z.object(paging),
      output: z.object({ page: z.number(), size: z.number() }),
    }),
    {
      summary: 'probe list',
      tag: 'test',
      handler: async ({ input }) => input,
    },
  ),
  implement(
    endpoint({
      method: 'POST',
      path: '/test/quantity',
      auth: 'none',
      input: z.object({ quantity: int({ min: 1, max: 1000 }) }),
      output: z.object({ quantity: z.number() }),
    }),
    {
      summary: 'probe int',
      tag: 'test',
      handler: async ({ input }) => input,
    },
  ),
];

const valid = { name: 'Çağrı Öztürk', price: '1234.56', side: 'buy' };
const EN = { 'Accept-Language': 'en-US' };

describe.each(dbTargets())('request validation on %s', (target) => {
  let server: TestServer;
  let settingsBefore: number;
  beforeAll(async () => {
    server = await startServer(target, { extraRoutes: probeRoutes });
    settingsBefore = (await server.database.db.select().from(settings)).length;
    accepted = 0;
  });
  afterAll(async () => {
    // Nothing any rejected request did may have changed state.
    expect((await server.database.db.select().from(settings)).length).toBe(settingsBefore);
    await server?.close();
  });

  async function rejected(fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
    const before = accepted;
    const res = await postForm(server.api('/test/probe'), fields, headers);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(accepted, 'the handler must not run on bad input').toBe(before);
    expect(body.code).toBe(-1001);
    expect(body.data).toEqual({});
    return body as { code: number; msg: string; key: string };
  }

  it('accepts a valid form, trimmed and NFC-normalized', async () => {
    const res = await postForm(server.api('/test/probe'), { ...valid, name: '  C\u0327ag\u0306rı  ' });
    expect(await res.json()).toEqual({ code: 0, msg: 'ok', data: { ...valid, name: 'Çağrı' } });
  });

  it('names a missing field, localized in both languages', async () => {
    const { name: _omit, ...rest } = valid;
    expect(await rejected(rest)).toMatchObject({ key: 'FIELD_REQUIRED', msg: 'Ad alanı zorunludur.' });
    expect(await rejected(rest, EN)).toMatchObject({ key: 'FIELD_REQUIRED', msg: 'Name is required.' });
    expect(await rejected({ ...valid, name: '   ' }, EN)).toMatchObject({ key: 'FIELD_REQUIRED' });
  });

  it('rejects wrong types: a repeated field, an unknown choice, a non-number', async () => {
    expect(await rejected({ ...valid, name: ['a', 'b'] }, EN)).toMatchObject({
      key: 'FIELD_INVALID_TYPE',
      msg: 'Name has an invalid value.',
    });
    expect(await rejected({ ...valid, side: 'hold' })).toMatchObject({ key: 'FIELD_INVALID' });
    expect(await rejected({ ...valid, price: 'abc' })).toMatchObject({ key: 'NUMBER_FORMAT' });
    // Only canonical decimals: padding is not trimmed away (DECISIONS §3).
    for (const price of [' 1', '1 ', '  1  ', '\u00a01', '1\n', '+1', '01', '1.'])
      expect(await rejected({ ...valid, price })).toMatchObject({ key: 'NUMBER_FORMAT' });
    expect(await rejected({ ...valid, price: '   ' })).toMatchObject({ key: 'NUMBER_FORMAT' });
  });

  it('rejects over-long strings with the limit in the message', async () => {
    expect(await rejected({ ...valid, name: 'x'.repeat(33) }, EN)).toEqual({
      code: -1001,
      msg: 'Name can be at most 32 characters.',
      key: 'FIELD_TOO_LONG',
      data: {},
    });
    expect(await rejected({ ...valid, name: 'ş'.repeat(33) })).toMatchObject({
      msg: 'Ad en fazla 32 karakter olabilir.',
    });
    expect(await rejected({ ...valid, price: '1'.repeat(41) })).toMatchObject({ key: 'FIELD_TOO_LONG' });
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell control', 'a\u0007b'],
    ['a right-to-left override', 'abc\u202Eexe.gpj'],
    ['a zero-width space', 'ad\u200Bmin'],
    ['a byte-order mark inside', 'ad\uFEFFmin'],
    ['a replacement character (undecodable bytes)', 'a\uFFFDb'],
    ['a line break in a one-line field', 'a\nb'],
    ['a C1 control', 'a\u0085b'],
  ])('rejects odd unicode: %s', async (_name, name) => {
    expect(await rejected({ ...valid, name }, EN)).toMatchObject({
      key: 'FIELD_INVALID_CHARS',
      msg: 'Name contains characters that are not allowed.',
    });
  });

  it('keeps undecodable percent-escapes (a UTF-8-encoded lone surrogate) as literal text, never a crash', async () => {
    const res = await fetch(server.api('/test/probe'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=%ED%A0%80x&price=1&side=buy',
    });
    expect(await res.json()).toMatchObject({ code: 0, data: { name: '%ED%A0%80x' } });
  });

  it('accepts ordinary unicode: Turkish letters and emoji', async () => {
    const res = await postForm(server.api('/test/probe'), { ...valid, name: 'İĞÜŞÖÇ ığüşöç 📈' });
    expect(await res.json()).toMatchObject({ code: 0, data: { name: 'İĞÜŞÖÇ ığüşöç 📈' } });
  });

  it.each(['1.234,56', '1,234.56', '1 234', '1e5', '0x10', '+5', '.5', '5.', 'NaN', 'Infinity', '٣'])(
    'rejects the non-canonical number %j with a clear message',
    async (price) => {
      expect(await rejected({ ...valid, price }, EN)).toEqual({
        code: -1001,
        msg: 'Price must be a number with a dot as the decimal separator and no grouping (e.g. 1234.56).',
        key: 'NUMBER_FORMAT',
        data: {},
      });
    },
  );

  it('validates GET queries: defaults, bounds and formats', async () => {
    const get = async (query: string) =>
      (await fetch(server.api(`/test/list${query}`), { headers: EN })).json();
    expect(await get('')).toEqual({ code: 0, msg: 'ok', data: { page: 1, size: 20 } });
    expect(await get('?page=3&size=50')).toMatchObject({ data: { page: 3, size: 50 } });
    expect(await get('?page=abc')).toMatchObject({ code: -1001, key: 'NUMBER_FORMAT' });
    expect(await get('?page=0')).toMatchObject({
      code: -1001,
      key: 'FIELD_INVALID',
      msg: 'Page has an invalid value.',
    });
    expect(await get('?size=1000')).toMatchObject({ code: -1001, key: 'FIELD_INVALID' });
    expect(await get('?page=1.5')).toMatchObject({ code: -1001, key: 'NUMBER_FORMAT' });
    expect(await get('?page=99999999999999999999')).toMatchObject({ code: -1001, key: 'NUMBER_FORMAT' });
  });

  it('answers a JSON or other non-form body with a clear error', async () => {
    const before = accepted;
    const json = await fetch(server.api('/test/probe'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...EN },
      body: JSON.stringify(valid),
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ code: -1001, key: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(accepted).toBe(before);
  });

  it('answers 413 with an envelope for a huge body, form or otherwise', async () => {
    const huge = await postForm(server.api('/test/probe'), { ...valid, name: 'x'.repeat(200_000) }, EN);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      code: -1001,
      msg: 'The request is too large.',
      key: 'PAYLOAD_TOO_LARGE',
      data: {},
    });
    const blob = await fetch(server.api('/test/probe'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(300_000),
    });
    expect(blob.status).toBe(413);
    expect(await blob.json()).toMatchObject({ code: -1001, key: 'PAYLOAD_TOO_LARGE' });
  });

  it('never answers random garbage with a 500 or a non-envelope (seeded)', async () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    const pieces = [
      '',
      'a',
      'buy',
      '1',
      '-1',
      '1.5',
      '%',
      '%zz',
      '&',
      '=',
      '\u0000',
      '😀',
      '\uD800',
      'x'.repeat(50),
      '[]',
      '{}',
    ];
    const keys = ['name', 'price', 'side', 'page', 'size', 'name[]', '__proto__', 'constructor', ''];
    const paths = ['/test/probe', '/test/list', '/test/quantity', '/common/config', '/user/login/info'];
    for (let i = 0; i < 150; i += 1) {
      const parts = Array.from(
        { length: 1 + Math.floor(random() * 5) },
        () => `${encodeURIComponent(pick(random, keys))}=${pick(random, pieces)}${pick(random, pieces)}`,
      );
      const path = pick(random, paths);
      const body = parts.join('&');
      const init: RequestInit =
        random() < 0.5
          ? { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body }
          : { method: 'GET' };
      const res = await fetch(server.api(init.method === 'GET' ? `${path}?${body}` : path), init);
      const context = `seed ${seed} (SEED=${seed} replays), request ${i}: ${init.method} ${path} ${body}`;
      expect([200, 404, 405], context).toContain(res.status);
      const answer = await res.json();
      expect([0, -1000, -1001], context).toContain(answer.code);
      expect(typeof answer.msg, context).toBe('string');
    }
  });
});

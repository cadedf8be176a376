import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../domain/protocol/endpoint';
import { implement } from '../../server/http/route';
import { text } from '../../domain/validation/fields';
import { dbTargets, startServer, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';
import { expectUnchanged, jpeg, kycSnapshot, png, submitKycForm, validFields } from './kyc-support';

const EN = { 'Accept-Language': 'en-US' };
const NOT_FOUND_EN = { code: -1001, msg: 'The requested address was not found.', key: 'NOT_FOUND', data: {} };

/** A form route, to show that multipart is only taken where a route asks for it. */
const formProbe = implement(
  endpoint({
    method: 'POST',
    path: '/test/form',
    auth: 'none',
    input: z.object({ name: text({ max: 10 }) }),
    output: z.object({ name: z.string() }),
  }),
  {
    summary: 'probe',
    tag: 'test',
    handler: async ({ input }) => input,
  },
);

/** A multipart body written out by hand, as a browser writes it. */
function rawMultipart(parts: { name: string; filename?: string; type?: string; body: Buffer | string }[]) {
  const boundary = '----seansBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.type ? `\r\nContent-Type: ${p.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.from(p.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(dbTargets())('KYC access and contract on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target, { extraRoutes: [formProbe] });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
    fetch(server.api(path), { headers: { ...(token ? { accesstoken: token } : {}), ...headers } });

  it("keeps each user's state and images to that user: another's image id is the same NOT_FOUND as an unknown one", async () => {
    const db = server.database.db;
    const a = await userWithSession(db);
    const b = await userWithSession(db);
    const submitted = await submitKycForm(server.api('/user/auth/submit'), a.token, validFields, {
      front: { bytes: png() },
      back: { bytes: jpeg(), type: 'image/jpeg' },
    });
    const { data } = await submitted.json();

    const bState = await (await get('/user/auth', b.token)).json();
    expect(bState.data).toMatchObject({ idStatus: 'none', fullName: null, frontImageId: null });

    const foreign = await get(`/user/auth/image?id=${data.frontImageId}`, b.token, EN);
    const unknown = await get(`/user/auth/image?id=${'0'.repeat(32)}`, b.token, EN);
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('content-type')).toMatch(/application\/json/);
    expect(await foreign.json()).toEqual(NOT_FOUND_EN);
    expect(await unknown.json()).toEqual(NOT_FOUND_EN);
    expect(await (await get(`/user/auth/image?id=${data.frontImageId}`, b.token)).json()).toMatchObject({
      msg: 'İstenen adres bulunamadı.',
      key: 'NOT_FOUND',
    });
    // The owner still reads it.
    expect((await get(`/user/auth/image?id=${data.frontImageId}`, a.token)).headers.get('content-type')).toBe(
      'image/png',
    );
  });

  it.each([
    ['too short', 'abc'],
    ['upper-case hex', 'A'.repeat(32)],
    ['not hex', 'g'.repeat(32)],
    ['a path', '../../etc/passwd'],
  ])('validates the image id (%s)', async (_name, id) => {
    const { token } = await userWithSession(server.database.db);
    const res = await get(`/user/auth/image?id=${encodeURIComponent(id)}`, token, EN);
    expect(await res.json()).toEqual({
      code: -1001,
      msg: 'ID has an invalid value.',
      key: 'FIELD_INVALID',
      data: {},
    });
    expect(await (await get('/user/auth/image', token, EN)).json()).toMatchObject({
      msg: 'ID is required.',
      key: 'FIELD_REQUIRED',
    });
  });

  it('answers -1000 without a valid token on all three routes, before reading any upload', async () => {
    const expired = await userWithSession(server.database.db, { expiresInMs: -1000 });
    for (const token of [undefined, expired.token]) {
      for (const path of ['/user/auth', `/user/auth/image?id=${'a'.repeat(32)}`]) {
        expect(await (await get(path, token)).json()).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
      }
      const res = await submitKycForm(server.api('/user/auth/submit'), token ?? '', validFields, {
        front: { bytes: png() },
        back: { bytes: png() },
      });
      expect(await res.json()).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
    }
  });

  it('treats a browser\'s empty file input (filename="") as a missing file', async () => {
    const user = await userWithSession(server.database.db);
    const before = await kycSnapshot(server.database.db, user.userId);
    const { body, contentType } = rawMultipart([
      ...Object.entries(validFields).map(([name, value]) => ({ name, body: value })),
      { name: 'front', filename: 'front.png', type: 'image/png', body: png() },
      { name: 'back', filename: '', type: 'application/octet-stream', body: '' },
    ]);
    const res = await fetch(server.api('/user/auth/submit'), {
      method: 'POST',
      headers: { accesstoken: user.token, 'Content-Type': contentType, ...EN },
      body,
    });
    expect(await res.json()).toEqual({
      code: -1001,
      msg: 'Back side is required.',
      key: 'FIELD_REQUIRED',
      data: {},
    });
    await expectUnchanged(server.database.db, user.userId, before);
  });

  it('refuses a streamed upload that declares no length', async () => {
    const user = await userWithSession(server.database.db);
    const { body, contentType } = rawMultipart([{ name: 'certType', body: 'id_card' }]);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(body));
        controller.close();
      },
    });
    const res = await fetch(server.api('/user/auth/submit'), {
      method: 'POST',
      headers: { accesstoken: user.token, 'Content-Type': contentType, ...EN },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(await res.json()).toMatchObject({ code: -1001, key: 'MALFORMED_REQUEST' });
  });

  it('takes multipart only where a route asks for it', async () => {
    const { body, contentType } = rawMultipart([{ name: 'name', body: 'ok' }]);
    const res = await fetch(server.api('/test/form'), {
      method: 'POST',
      headers: { 'Content-Type': contentType, ...EN },
      body,
    });
    expect(await res.json()).toEqual({
      code: -1001,
      msg: 'This request format is not supported.',
      key: 'UNSUPPORTED_MEDIA_TYPE',
      data: {},
    });
  });

  it('describes the upload as multipart with two binary files, and the image answer as bytes', async () => {
    const doc = await (await fetch(server.api('/openapi.json'))).json();
    const submit = doc.paths['/user/auth/submit'].post;
    const schema = submit.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(submit.requestBody.content)).toEqual(['multipart/form-data']);
    expect(schema.properties.front).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.properties.back).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.required).toEqual(['certType', 'fullName', 'certNumber', 'taxId', 'front', 'back']);
    expect(schema.additionalProperties).toEqual({ not: {} });
    const image = doc.paths['/user/auth/image'].get;
    expect(Object.keys(image.responses['200'].content).sort()).toEqual([
      'application/json',
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);
    expect(image.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'query', required: true }),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import pg from 'pg';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { setUserStatus, userWithSession } from '../support/session';
import { ROUTES } from '../../server/app';

describe.each(dbTargets())('API envelope and sessions on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers /healthz with 200 once ready', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves /common/config as a code-0 envelope that says sandbox', async () => {
    const res = await fetch(server.api('/common/config'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({
      code: 0,
      msg: 'ok',
      data: { sandbox: true, serviceSaleSmartly: '', appVersion: '1.0.0' },
    });
  });

  it('answers -1000 with a localized message for a missing token', async () => {
    const tr = await (await fetch(server.api('/user/login/info'))).json();
    expect(tr).toEqual({
      code: -1000,
      msg: 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.',
      key: 'SESSION_INVALID',
      data: {},
    });
    const en = await (
      await fetch(server.api('/user/login/info'), { headers: { 'Accept-Language': 'en-US,en;q=0.9' } })
    ).json();
    expect(en.msg).toBe('Your session has ended. Please log in again.');
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['a well-formed unknown token', 'A'.repeat(43)],
    ['an absurdly long token', 'x'.repeat(5000)],
  ])('answers -1000 for %s', async (_name, token) => {
    const res = await fetch(server.api('/user/login/info'), { headers: { accesstoken: token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
  });

  it('answers the login info of a valid session exactly as SPEC §7 says', async () => {
    const { token, userId, account } = await userWithSession(server.database.db, { idStatus: 'pending' });
    const body = await (
      await fetch(server.api('/user/login/info'), { headers: { accesstoken: token } })
    ).json();
    expect(body).toEqual({
      code: 0,
      msg: 'ok',
      // SPEC §7's fields, and the name KYC verified (none yet), which the drawer and Mine greet by.
      data: {
        user: { status: 1, id: userId, account, idStatus: 'pending', verifiedName: null },
        openAutoApply: 0,
      },
    });
  });

  it('answers -1000 for an expired, a revoked, and a disabled user’s session', async () => {
    const db = server.database.db;
    const expired = await userWithSession(db, { expiresInMs: -1000 });
    const revoked = await userWithSession(db, { revoked: true });
    const disabled = await userWithSession(db);
    await setUserStatus(db, disabled.userId, 0);
    for (const { token } of [expired, revoked, disabled]) {
      const body = await (
        await fetch(server.api('/user/login/info'), { headers: { accesstoken: token } })
      ).json();
      expect(body).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
    }
  });

  it('answers unknown API paths with 404 and a wrong method with 405, both as envelopes', async () => {
    const missing = await fetch(server.api('/no/such/path'), { headers: { 'Accept-Language': 'en-US' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      code: -1001,
      msg: 'The requested address was not found.',
      key: 'NOT_FOUND',
      data: {},
    });
    const wrongMethod = await postForm(server.api('/common/config'), {});
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.json()).toMatchObject({ code: -1001, key: 'METHOD_NOT_ALLOWED' });
  });

  it('serves a valid OpenAPI 3.1 document declaring every route, its fields and its answer', async () => {
    const res = await fetch(server.api('/openapi.json'));
    expect(res.status).toBe(200);
    const doc = await res.json();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const route of ROUTES) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.responses['200'].content['application/json'].schema.properties.data).toBeDefined();
    }
    const loginInfo = doc.paths['/user/login/info'].get;
    expect(JSON.stringify(loginInfo.responses['200'])).toContain('openAutoApply');
    expect(loginInfo.parameters).toContainEqual({ $ref: '#/components/parameters/AccessToken' });
  });
});

describe.each(dbTargets().filter((t) => t === 'postgres'))('the broker on %s', (target) => {
  it('keeps answering after PostgreSQL drops all its connections (restart, failover)', async () => {
    const server = await startServer(target);
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [server.databaseName],
      );
      await admin.end();
      expect(rowCount).toBeGreaterThan(0);
      // The pool hears of the dropped idle connections and replaces them on the next query.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(await (await fetch(server.api('/common/config'))).json()).toMatchObject({ code: 0 });
    } finally {
      await server.close();
    }
  });
});

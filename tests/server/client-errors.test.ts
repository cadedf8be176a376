import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them: they used to get
 * Node's bare 400/431; they get an envelope, in the default language (no headers were read).
 */

type Raw = { status: number; headers: string; body: string };

function rawRequest(url: string, request: string): Promise<Raw> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    // The server may close while we are still writing: what it answered is what counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (!status) reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      else resolve({ status, headers: head, body });
    });
    socket.write(request);
  });
}

describe('requests the HTTP parser refuses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a URL over 16 KB answers 431 with an envelope', async () => {
    const path = `/ipxtrg-api/common/config?q=${'a'.repeat(20 * 1024)}`;
    const answer = await rawRequest(
      server.url,
      `GET ${path} HTTP/1.1\r\nHost: x\r\nAccept-Language: en-US\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(answer.body)).toEqual({
      code: -1001,
      msg: 'İstek çok büyük: adresi veya başlıkları çok uzun.',
      key: 'HEADERS_TOO_LARGE',
      data: {},
    });
  });

  it('headers over 16 KB answer 431 with an envelope', async () => {
    const answer = await rawRequest(
      server.url,
      `GET /ipxtrg-api/common/config HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ code: -1001, key: 'HEADERS_TOO_LARGE' });
  });

  it('a NUL byte in a header answers 400 with an envelope', async () => {
    const answer = await rawRequest(
      server.url,
      'GET /ipxtrg-api/common/config HTTP/1.1\r\nHost: x\r\nX-Evil: a\u0000b\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      code: -1001,
      msg: 'İstek okunamadı.',
      key: 'MALFORMED_REQUEST',
      data: {},
    });
  });

  it('a request line that is not HTTP answers 400 with an envelope', async () => {
    const answer = await rawRequest(server.url, 'HELLO THERE\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: -1001, key: 'MALFORMED_REQUEST' });
  });

  it('the server still answers normally afterwards', async () => {
    const res = await fetch(server.api('/common/config'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 0 });
  });
});

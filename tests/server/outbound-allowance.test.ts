import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../server/http/outbound/client';
import { OutboundFailure } from '../../server/http/outbound/failure';
import type { Resolver } from '../../server/http/outbound/lookup';
import { listen, NAMES, refusal, table, v4, type Listener } from '../support/outbound-listener';

/**
 * The guarded client with the test-only allowance (PUSH_ALLOW_LOOPBACK): exactly loopback is let
 * through, over plain HTTP too, and nothing else; and what it does with what answers there — the
 * address it checked is the one it connects to, no redirect, a capped read, time limits, and a
 * failure in one short line.
 */
describe('the outbound guard with the test-only loopback allowance', () => {
  let listener: Listener;
  let requests: string[];
  let respond: (socket: Socket, head: string) => void;
  beforeAll(async () => {
    requests = [];
    listener = await listen((socket) => {
      let head = '';
      socket.on('data', (chunk: Buffer) => {
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        requests.push(head.split('\r\n')[0] ?? '');
        respond(socket, head);
        head = '';
      });
    });
  });
  afterAll(() => listener.close());
  const created = (socket: Socket) => socket.end('HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n');

  it('reaches loopback over plain HTTP, by address and by the name localhost', async () => {
    respond = created;
    const client = createOutboundClient({ allowLoopback: true });
    const before = listener.connections;
    const byAddress = await client.post(`http://127.0.0.1:${listener.port}/push/a`, {
      headers: { ttl: '60' },
      body: Buffer.from('x'),
    });
    const byName = await client.post(`http://localhost:${listener.port}/push/b`, { headers: {}, body: null });
    expect([byAddress.status, byName.status]).toEqual([201, 201]);
    expect(requests.slice(-2)).toEqual(['POST /push/a HTTP/1.1', 'POST /push/b HTTP/1.1']);
    expect(listener.connections - before).toBe(2);
  });

  it('lets nothing but loopback through', async () => {
    const client = createOutboundClient({ allowLoopback: true, resolve: table(NAMES) });
    const before = listener.connections;
    for (const url of [
      `http://10.0.0.1:${listener.port}/`,
      `https://169.254.169.254/`,
      `http://[::ffff:127.0.0.1]:${listener.port}/`,
      `http://[64:ff9b::7f00:1]:${listener.port}/`,
      `http://[2002:7f00:1::1]:${listener.port}/`,
      `http://u:p@127.0.0.1:${listener.port}/`,
      `http://push.example.com/`,
      `https://loopback-and-private.example.net:${listener.port}/`,
      `https://mapped.example.net:${listener.port}/`,
      `https://private.example.net:${listener.port}/`,
      `https://printer.local:${listener.port}/`,
    ])
      expect((await refusal(client, url)).kind, url).toBe('refused');
    expect(listener.connections).toBe(before);
  });

  it('connects to the address it checked: the name is resolved once per request', async () => {
    respond = created;
    let answers = 0;
    // A rebinding name: loopback for the check, a private address for anyone who asks again.
    const rebinding: Resolver = (hostname) =>
      Promise.resolve(
        hostname === 'rebind.example.net' && answers++ === 0 ? [v4('127.0.0.1')] : [v4('10.9.9.9')],
      );
    const client = createOutboundClient({ allowLoopback: true, resolve: rebinding, connectTimeoutMs: 200 });
    const res = await client
      .post(`https://rebind.example.net:${listener.port}/`, { headers: {}, body: null })
      .catch((e: unknown) => e);
    // The TLS handshake fails against this plain listener, but on the socket the first answer opened.
    expect(res).toBeInstanceOf(OutboundFailure);
    expect(answers).toBe(1);
    const second = await refusal(client, `https://rebind.example.net:${listener.port}/`);
    expect(second).toMatchObject({ kind: 'refused', reason: 'private address 10.9.9.9' });
  });

  it('follows no redirect', async () => {
    respond = (socket) =>
      socket.end(
        `HTTP/1.1 302 Found\r\nLocation: http://169.254.169.254/latest/\r\nContent-Length: 0\r\n\r\n`,
      );
    const before = requests.length;
    const client = createOutboundClient({ allowLoopback: true });
    const res = await client.post(`http://127.0.0.1:${listener.port}/moved`, { headers: {}, body: null });
    expect(res.status).toBe(302);
    expect(requests.length - before).toBe(1);
  });

  it('reads at most the cap of an answer', async () => {
    const huge = 'x'.repeat(1024 * 1024);
    respond = (socket) => socket.end(`HTTP/1.1 200 OK\r\nContent-Length: ${huge.length}\r\n\r\n${huge}`);
    const client = createOutboundClient({ allowLoopback: true, maxResponseBytes: 1000 });
    const res = await client.post(`http://127.0.0.1:${listener.port}/big`, { headers: {}, body: null });
    expect(res).toMatchObject({ status: 200, truncated: true });
    expect(res.body.length).toBe(1000);
  });

  it('gives up on an answer that never comes, and on a handshake that never ends', async () => {
    respond = () => undefined;
    const client = createOutboundClient({ allowLoopback: true, totalTimeoutMs: 300, connectTimeoutMs: 200 });
    const started = Date.now();
    const silent = await refusal(client, `http://127.0.0.1:${listener.port}/silent`);
    expect(silent).toMatchObject({ kind: 'timeout', reason: 'no answer in 300 ms' });
    // TLS to a listener that never speaks: the connection is not made within its limit.
    const handshake = await refusal(client, `https://127.0.0.1:${listener.port}/tls`);
    expect(handshake).toMatchObject({ kind: 'timeout', reason: 'no connection in 200 ms' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('fails a broken TLS peer in one short line: a code, no stack, no certificate', async () => {
    respond = () => undefined;
    const garbage = await listen((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    try {
      const client = createOutboundClient({ allowLoopback: true });
      const failure = await refusal(client, `https://127.0.0.1:${garbage.port}/`);
      expect(failure.kind).toBe('network');
      expect(failure.reason).toMatch(/^[A-Z_]+$/);
      expect(failure.stack).toBeUndefined();
      expect(JSON.stringify(failure)).toBe(
        JSON.stringify({ kind: 'network', reason: failure.reason, host: '127.0.0.1' }),
      );
    } finally {
      await garbage.close();
    }
  });
});

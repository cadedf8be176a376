import { connect, createServer, type Server, type Socket } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, type OutboundClient } from '../../server/http/outbound/client';
import { OutboundFailure } from '../../server/http/outbound/failure';
import { guardedLookup, systemResolver, type Resolver } from '../../server/http/outbound/lookup';

/**
 * The guarded outbound client against real sockets: a listener on every local address (IPv4 and
 * IPv6 when the host has it) counts each connection made to it, and every spelling of an inside
 * address, and every name that resolves inside, must be refused without one.
 */
type Listener = { port: number; connections: number; sockets: Set<Socket>; close(): Promise<void> };

async function listen(answer: (socket: Socket) => void = () => undefined): Promise<Listener> {
  const sockets = new Set<Socket>();
  const state = { connections: 0 };
  const server: Server = createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    answer(socket);
  });
  // '::' takes IPv4 too (dual stack): 127.1.2.3, 0.0.0.0 and ::ffff:127.0.0.1 all land here.
  await new Promise<void>((resolve) => {
    server.once('error', () => server.listen(0, '0.0.0.0', resolve));
    server.listen(0, '::', resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    port,
    sockets,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A resolver's table: what a DNS name an attacker owns could answer. */
function table(entries: Record<string, readonly LookupAddress[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = (hostname: string) => {
    calls.push(hostname);
    const found = entries[hostname];
    if (!found) return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    return Promise.resolve(found);
  };
  return Object.assign(resolve, { calls });
}

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

const NAMES = {
  'inside.example.net': [v4('127.0.0.1')],
  'other-loopback.example.net': [v4('127.3.2.1')],
  'six.example.net': [v6('::1')],
  'mixed.example.net': [v4('93.184.216.34'), v4('127.0.0.1')],
  'loopback-and-private.example.net': [v4('127.0.0.1'), v4('10.0.0.1')],
  'mapped.example.net': [v6('::ffff:127.0.0.1')],
  'metadata.example.net': [v4('169.254.169.254')],
  'cgnat.example.net': [v4('100.64.1.1')],
  'private.example.net': [v4('10.1.2.3')],
  'nat64.example.net': [v6('64:ff9b::7f00:1')],
  'sixtofour.example.net': [v6('2002:7f00:1::1')],
  'unique-local.example.net': [v6('fd00::1')],
};

async function refusal(client: OutboundClient, url: string): Promise<OutboundFailure> {
  const error = await client.post(url, { headers: {}, body: Buffer.from('{}') }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof OutboundFailure)) throw new Error(`${url} was not refused: ${String(error)}`);
  return error;
}

describe('the outbound guard, no loopback allowed', () => {
  let listener: Listener;
  let client: OutboundClient;
  beforeAll(async () => {
    listener = await listen();
    client = createOutboundClient({ allowLoopback: false, resolve: table(NAMES) });
  });
  afterAll(() => listener.close());

  // Every way of writing this host, the network around it, or the cloud's metadata service.
  const spellings = (port: number) => [
    `https://127.0.0.1:${port}/push`,
    `https://127.1.2.3:${port}/`,
    `https://127.255.255.254:${port}/`,
    `https://0.0.0.0:${port}/`,
    `https://0:${port}/`,
    `https://0x7f.1:${port}/`,
    `https://0x7f000001:${port}/`,
    `https://2130706433:${port}/`,
    `https://127.1:${port}/`,
    `https://127.0.1:${port}/`,
    `https://127.0.0.1.:${port}/`,
    `https://0x7f.0x0.0x0.0x1:${port}/`,
    `HTTPS://LocalHost:${port}/`,
    `https://[::1%25lo]:${port}/`,
    `https://0177.0.0.1:${port}/`,
    `https://017700000001:${port}/`,
    `https://%31%32%37.0.0.1:${port}/`,
    `https://127%2e0%2e0%2e1:${port}/`,
    `https://127%2E0.0.1:${port}/`,
    `https://127。0。0。1:${port}/`,
    `https://127．0．0．1:${port}/`,
    `https://127｡0｡0｡1:${port}/`,
    `https://１２７.０.０.１:${port}/`,
    `https://[::1]:${port}/`,
    `https://[0:0:0:0:0:0:0:1]:${port}/`,
    `https://[::]:${port}/`,
    `https://[::ffff:127.0.0.1]:${port}/`,
    `https://[::ffff:7f00:1]:${port}/`,
    `https://[::127.0.0.1]:${port}/`,
    `https://[64:ff9b::127.0.0.1]:${port}/`,
    `https://[2002:7f00:1::1]:${port}/`,
    `https://[2001::1]:${port}/`,
    `https://[fe80::1]:${port}/`,
    `https://[fd00::1]:${port}/`,
    `https://10.0.0.1:${port}/`,
    `https://172.16.5.4:${port}/`,
    `https://192.168.1.1:${port}/`,
    `https://169.254.169.254/latest/meta-data/`,
    `https://100.64.0.1:${port}/`,
    `https://198.18.0.1:${port}/`,
    `https://192.0.2.1:${port}/`,
    `https://224.0.0.1:${port}/`,
    `https://255.255.255.255:${port}/`,
    `https://240.0.0.1:${port}/`,
    `https://localhost:${port}/`,
    `https://LOCALHOST.:${port}/`,
    `https://push.localhost:${port}/`,
    `https://printer.local:${port}/`,
    `https://metadata.google.internal/computeMetadata/v1/`,
    `https://router.home.arpa:${port}/`,
    `https://metadata:${port}/`,
    `http://127.0.0.1:${port}/`,
    `http://93.184.216.34/`,
    `ftp://93.184.216.34/`,
    `https://user:secret@push.example.com/`,
    'not a url',
    ...Object.keys(NAMES).map((name) => `https://${name}:${port}/push`),
  ];

  it('refuses every spelling of an inside address and every name resolving inside, connecting to none', async () => {
    const urls = spellings(listener.port);
    const failures = [];
    for (const url of urls) failures.push({ url, failure: await refusal(client, url) });
    for (const { url, failure } of failures) expect(failure.kind, url).toBe('refused');
    // A connection in flight would show by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listener.connections).toBe(0);
  });

  it('names the range, the rule or the address in the refusal', async () => {
    const p = listener.port;
    expect((await refusal(client, `https://0x7f.1:${p}/`)).reason).toBe('loopback');
    expect((await refusal(client, `https://[::ffff:7f00:1]:${p}/`)).reason).toBe('ipv4-mapped');
    expect((await refusal(client, `https://[64:ff9b::a9fe:a9fe]/`)).reason).toBe('link-local via nat64');
    expect((await refusal(client, 'https://169.254.169.254/')).reason).toBe('link-local');
    expect((await refusal(client, `https://mixed.example.net:${p}/`)).reason).toBe(
      'loopback address 127.0.0.1',
    );
    expect((await refusal(client, 'http://93.184.216.34/')).reason).toBe('plain http');
    expect((await refusal(client, 'https://u:p@push.example.com/')).reason).toBe('credentials in the URL');
    expect((await refusal(client, 'https://metadata/')).reason).toBe('single-label name');
    expect(listener.connections).toBe(0);
  });

  it('refuses the real localhost at connect time too, through the system resolver', async () => {
    const lookup = guardedLookup(systemResolver, false);
    const error = await new Promise<unknown>((resolve) => {
      const socket = connect({ host: 'localhost', port: listener.port, lookup });
      socket.on('connect', () => resolve(null));
      socket.on('error', resolve);
    });
    expect(error).toBeInstanceOf(OutboundFailure);
    expect((error as OutboundFailure).kind).toBe('refused');
    expect(listener.connections).toBe(0);
  });

  it('fails a name no resolver knows as a network failure, not a refusal', async () => {
    const failure = await refusal(client, 'https://nowhere.example.net/');
    expect(failure).toMatchObject({ kind: 'network', reason: 'ENOTFOUND' });
  });
});

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

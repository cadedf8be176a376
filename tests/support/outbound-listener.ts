import type { LookupAddress } from 'node:dns';
import { createServer, type Server, type Socket } from 'node:net';
import type { OutboundClient } from '../../server/http/outbound/client';
import { OutboundFailure } from '../../server/http/outbound/failure';
import type { Resolver } from '../../server/http/outbound/lookup';

/** A TCP listener on every local address, counting the connections made to it. */
export type Listener = { port: number; connections: number; sockets: Set<Socket>; close(): Promise<void> };

export async function listen(answer: (socket: Socket) => void = () => undefined): Promise<Listener> {
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
export function table(entries: Record<string, readonly LookupAddress[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = (hostname: string) => {
    calls.push(hostname);
    const found = entries[hostname];
    if (!found) return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    return Promise.resolve(found);
  };
  return Object.assign(resolve, { calls });
}

export const v4 = (address: string): LookupAddress => ({ address, family: 4 });
export const v6 = (address: string): LookupAddress => ({ address, family: 6 });

/** Names an attacker's DNS could answer with inside addresses. */
export const NAMES = {
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

/** The failure a request ended in; fails the test when it was answered instead. */
export async function refusal(client: OutboundClient, url: string): Promise<OutboundFailure> {
  const error = await client.post(url, { headers: {}, body: Buffer.from('{}') }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof OutboundFailure)) throw new Error(`${url} was not refused: ${String(error)}`);
  return error;
}

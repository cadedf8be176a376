import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, type OutboundClient } from '../../server/http/outbound/client';
import { OutboundFailure } from '../../server/http/outbound/failure';
import { guardedLookup, systemResolver } from '../../server/http/outbound/lookup';
import { listen, NAMES, refusal, table, type Listener } from '../support/outbound-listener';

/**
 * The guarded outbound client against real sockets: a listener on every local address (IPv4 and
 * IPv6 when the host has it) counts each connection made to it, and every spelling of an inside
 * address, and every name that resolves inside, must be refused without one.
 */
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

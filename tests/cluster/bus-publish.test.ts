// Market frames published on the NATS bus in one turn of the event loop leave as one message at
// the turn's end, before what the turn queued after them (process.nextTick): the partition owner
// publishes a market event and then its own sockets write it in nextTick callbacks queued after,
// and the followers' sockets must not wait for that (see server/bus/nats.ts). Other messages (a
// batch's private events) leave together at the end of the task, in the order published.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Bus } from '../../server/bus/bus';
import { connectNatsBus } from '../../server/bus/nats';
import { startNats, type Nats } from '../support/cluster';

/** A subscriber in its own process: prints `ready`, then the time each message arrived. */
const SUBSCRIBER = `
import { connect } from '@nats-io/transport-node';
const nc = await connect({ servers: process.argv[1] });
nc.subscribe('test.now', { callback: () => console.log(String(Date.now())) });
await nc.flush();
console.log('ready');
`;

let nats: Nats;
let bus: Bus;
let child: ChildProcess;
const lines: string[] = [];
const waiters: (() => void)[] = [];

function nextLine(): Promise<string> {
  return new Promise((resolve) => {
    const take = () => resolve(lines.shift()!);
    if (lines.length > 0) take();
    else waiters.push(take);
  });
}

beforeAll(async () => {
  nats = await startNats();
  bus = await connectNatsBus(nats.url, 'publisher');
  child = spawn(process.execPath, ['--input-type=module', '-e', SUBSCRIBER, nats.url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
    while (waiters.length > 0 && lines.length > 0) waiters.shift()!();
  });
  expect(await nextLine()).toBe('ready');
}, 20_000);

afterAll(async () => {
  child?.kill();
  await bus?.close();
  await nats?.stop();
});

it('sends a turn’s market frames as one message, before the work the turn queued after them', async () => {
  const published = Date.now();
  for (let n = 0; n < 5; n++) bus.publishText('test.now', String(n));
  // The owner's own sockets' writes, queued after the frames: 400 ms of them, at worst.
  process.nextTick(() => {
    while (Date.now() - published < 400) {
      // busy
    }
  });
  const arrived = Number(await nextLine());
  expect(arrived - published).toBeLessThan(200);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(lines).toEqual([]);
});

it('sends a task’s other messages once it ends, in order, and a frame after them does not overtake them', async () => {
  const other = await connectNatsBus(nats.url, 'json-subscriber');
  try {
    const got: unknown[] = [];
    const off = other.subscribe('test.json', (data) => got.push(data));
    const offText = other.subscribeText('test.json-frame', (text) => got.push(text));
    await other.request('test.none', null, 200).catch(() => undefined);
    for (let n = 1; n <= 5; n++) bus.publish('test.json', { n, id: BigInt(n) });
    bus.publishText('test.json-frame', 'frame');
    for (let waited = 0; got.length < 6 && waited < 5_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(got).toEqual([...[1, 2, 3, 4, 5].map((n) => ({ n, id: BigInt(n) })), 'frame']);
    off();
    offText();
  } finally {
    await other.close();
  }
});

it('carries text as it was published, in order, with no JSON around it', async () => {
  const other = await connectNatsBus(nats.url, 'text-subscriber');
  try {
    const got: string[] = [];
    const off = other.subscribeText('test.text', (text) => got.push(text));
    // A round trip through the server: the subscription is in place before anything is sent.
    await other.request('test.none', null, 200).catch(() => undefined);
    const sent = ['3\t{"op":"data","ch":"ticker","s":"THYAO","seq":7}', '\t{"type":"status"}', 'ünïcode ₺'];
    for (const text of sent) bus.publishText('test.text', text);
    for (let waited = 0; got.length < sent.length && waited < 5_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(got).toEqual(sent);
    off();
  } finally {
    await other.close();
  }
});

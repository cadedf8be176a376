import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../domain/protocol/stream-codec';
import type { ReplayState } from '../../domain/protocol/replay';
import { dbTargets } from '../support/server';
import { DAY, SECOND, sharedReplay, T0 } from './replay-support';

/** Each frame's stream, seq and whether it is a snapshot. */
const heads = (frames: readonly string[]) =>
  frames.map((text) => {
    const m = decodeFrame(text);
    if (!m || m.op !== 'data') throw new Error(`not a stream frame: ${text}`);
    return `${m.ch}|${m.s}|${m.seq}|${m.snap}`;
  });

/**
 * Two tabs on one replay: each tab's market-data worker reads the frames with its own reader key,
 * so each sees every frame at its own seqs, and neither read takes the other's (a shared place
 * made each tab see gaps and ask for snapshots over and over).
 */
describe.each(dbTargets())('a replay read by two tabs on %s', (target) => {
  const rw = sharedReplay(target);

  const read = (id: string, fields: Record<string, string>) =>
    rw.call.post<ReplayState>('/user/replay/state', rw.me.token, { id, ...fields });

  it('gives every reader every frame, each at its own seqs', async () => {
    rw.world.clock.set(T0 + 300 * SECOND);
    const started = await rw.call.post<ReplayState>('/user/replay/start', rw.me.token, {
      day: DAY,
      speed: '60',
      symbols: 'BTCUSDT',
    });
    expect(started.code, JSON.stringify(started)).toBe(0);
    const id = started.data.id;
    const [a, b] = ['tab-a-0123456789', 'tab-b-0123456789'];
    // Each reader starts from snapshots, every stream at seq 1.
    const firstA = await read(id, { frames: 'snapshot', reader: a });
    const firstB = await read(id, { frames: 'next', reader: b });
    expect(heads(firstA.data.frames).length).toBeGreaterThan(0);
    expect(heads(firstB.data.frames)).toEqual(heads(firstA.data.frames));
    expect(heads(firstA.data.frames).every((h) => h.endsWith('|1|true'))).toBe(true);

    // A minute of the recorded market at 60×; A reads, then B: both get the same updates at seq 2.
    rw.world.clock.advance(SECOND);
    const nextA = await read(id, { reader: a });
    const nextB = await read(id, { reader: b });
    expect(nextA.data.clock.t).toBe(T0 + 60 * SECOND);
    expect(nextA.data.frames.length).toBeGreaterThan(0);
    expect(nextB.data.frames).toEqual(nextA.data.frames);
    expect(heads(nextA.data.frames).every((h) => h.endsWith('|2|false'))).toBe(true);

    // A read without a key has a place of its own too: it starts from snapshots and takes nothing of A's.
    const keyless = await read(id, {});
    expect(heads(keyless.data.frames).every((h) => h.endsWith('|1|true'))).toBe(true);
    rw.world.clock.advance(SECOND);
    const lastB = await read(id, { reader: b });
    const lastA = await read(id, { reader: a });
    expect(lastA.data.frames.length).toBeGreaterThan(0);
    expect(lastB.data.frames).toEqual(lastA.data.frames);
    expect((await read(id, { reader: 'short' })).key).toBe('FIELD_INVALID');
    expect((await rw.call.post('/user/replay/end', rw.me.token, { id })).code).toBe(0);
  });
});

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { SharedFrame } from './frame';

// A bench's probe of where one stream's updates spend their time on their way to the sockets
// (tests/bench/profile-cluster.ts): off unless SEANS_FANOUT_PROBE names a stream key, and then
// each update of that stream is timed as the owner computes it, sends it on the bus, a follower
// reads it, the hub hands it to its subscribers and the sockets write it. Off, each hook is one
// boolean read.

/** When one update of the probed stream reached each stage on this node (ms since the epoch). */
export type ProbeRecord = {
  seq: number;
  /** The source time the frame carries. */
  t: number;
  computed?: number;
  published?: number;
  read?: number;
  /** The hub began handing it to its subscribers. */
  delivered?: number;
  firstWrite?: number;
  lastWrite?: number;
  writes: number;
};

export type ProbeTake = {
  records: ProbeRecord[];
  /** Pauses of every kind; `majorMs` the part spent in full (mark-sweep) collections. */
  gc: { count: number; totalMs: number; maxMs: number; majorMs: number; durations: number[] };
  loopDelay: { p50: number; p99: number; max: number };
};

export type FanoutProbe = {
  readonly on: boolean;
  /** The owner encoded an update (`text` is its frame). */
  computed(key: string, seq: number, text: string): void;
  /** A bus message left (`text`: lines of market-wire texts, key and seq before each frame). */
  sent(text: string): void;
  /** A bus message came in. */
  received(text: string): void;
  /** The hub hands `frame` to a stream's subscribers. */
  delivered(key: string, seq: number, frame: SharedFrame): void;
  /** A socket wrote these frames. */
  wrote(frames: readonly SharedFrame[]): void;
  /** What was recorded since the last take, and a fresh start. */
  take(): ProbeTake;
};

const SEQ_AND_T = /"seq":(\d+),"t":(\d+)/;
const NOTHING = (): ProbeTake => ({
  records: [],
  gc: { count: 0, totalMs: 0, maxMs: 0, majorMs: 0, durations: [] },
  loopDelay: { p50: 0, p99: 0, max: 0 },
});

/** The probe proper: `now` is the clock every stage is read on (all nodes share one machine's). */
export function createFanoutProbe(key: string, now: () => number): FanoutProbe {
  const records = new Map<number, ProbeRecord>();
  const frames = new WeakMap<SharedFrame, ProbeRecord>();
  const tab = `\t${key}\t`;

  const record = (seq: number, t: number): ProbeRecord => {
    let r = records.get(seq);
    if (!r) records.set(seq, (r = { seq, t, writes: 0 }));
    return r;
  };
  const fromText = (text: string, stage: 'published' | 'read') => {
    const at = text.indexOf(tab);
    if (at < 0) return;
    const end = text.indexOf('\n', at);
    const match = SEQ_AND_T.exec(end < 0 ? text.slice(at) : text.slice(at, end));
    if (!match) return;
    const r = record(Number(match[1]), Number(match[2]));
    r[stage] ??= now();
  };

  return {
    on: true,
    computed(k, seq, text) {
      if (k !== key) return;
      const match = SEQ_AND_T.exec(text);
      if (match) record(seq, Number(match[2])).computed ??= now();
    },
    sent: (text) => fromText(text, 'published'),
    received: (text) => fromText(text, 'read'),
    delivered(k, seq, frame) {
      if (k !== key) return;
      const match = SEQ_AND_T.exec(frame.text);
      if (!match) return;
      const r = record(seq, Number(match[2]));
      r.delivered ??= now();
      frames.set(frame, r);
    },
    wrote(written) {
      for (const frame of written) {
        const r = frames.get(frame);
        if (!r) continue;
        const at = now();
        r.firstWrite ??= at;
        r.lastWrite = at;
        r.writes++;
      }
    },
    take() {
      const out = [...records.values()];
      records.clear();
      return { ...NOTHING(), records: out };
    },
  };
}

const OFF: FanoutProbe = {
  on: false,
  computed: () => undefined,
  sent: () => undefined,
  received: () => undefined,
  delivered: () => undefined,
  wrote: () => undefined,
  take: NOTHING,
};

/**
 * The probe with the process's GC pauses and event-loop delay beside it; on SIGUSR2 it writes
 * what it holds to `dir`/probe-<pid>.json and starts over (the bench signals at the start and
 * the end of its measurement).
 */
function installProbe(key: string, dir: string): FanoutProbe {
  const probe = createFanoutProbe(key, () => performance.timeOrigin + performance.now());
  let gc: number[] = [];
  let majorMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.push(entry.duration);
      const { detail } = entry as unknown as { detail?: { kind?: number } | null };
      const kind = detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorMs += entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const take = (): ProbeTake => {
    const durations = gc;
    const major = majorMs;
    gc = [];
    majorMs = 0;
    const ms = (ns: number) => ns / 1e6;
    const out: ProbeTake = {
      records: probe.take().records,
      gc: {
        count: durations.length,
        totalMs: durations.reduce((a, b) => a + b, 0),
        maxMs: Math.max(0, ...durations),
        majorMs: major,
        durations,
      },
      loopDelay: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
    };
    loop.reset();
    return out;
  };
  process.on('SIGUSR2', () => {
    writeFileSync(path.join(dir, `probe-${process.pid}.json`), JSON.stringify(take()));
  });
  return { ...probe, take };
}

export const fanoutProbe: FanoutProbe = process.env.SEANS_FANOUT_PROBE
  ? installProbe(process.env.SEANS_FANOUT_PROBE, process.env.SEANS_FANOUT_PROBE_DIR ?? '/tmp')
  : OFF;

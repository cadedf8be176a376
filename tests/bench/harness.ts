import { writeFileSync } from 'node:fs';
import { CASE_TAG, reap } from '../../scripts/reap.mjs';
import { writeMarkdown } from './markdown';
import { goalText, type Row } from './row';

export type { Row } from './row';

type Base = {
  /** Fixed name, the key of the row in BENCHMARKS.md and `--json` (e.g. `ind-sma`). */
  name: string;
  /** What `ours` and `peer` are in: `ops/s`, `updates/s`, `ms`… */
  unit: string;
  /** One line printed under the table. */
  note?: string;
  /** Runs before any timing and throws when ours and the peer disagree. */
  check?: () => void | Promise<void>;
  /** A client case's phone (read after it ran): the benchmarkIndex and multiplier its row carries. */
  phone?: () => { benchmarkIndex: number; multiplier: number } | undefined;
};

/**
 * Ours beside a peer doing the same work, timed in the same run, alternating rounds. The unit is
 * a throughput (`opsPerCall` operations per call of `ours`/`peer`); ratio = peer's cost ÷ ours
 * (above 1: we are faster).
 */
export type PeerCase = Base & {
  kind?: 'peer';
  peerName: string;
  ours: () => unknown;
  peer: () => unknown;
  /** Operations one call performs (e.g. 1,000,000 indicator updates); default 1. */
  opsPerCall?: number;
  /** The ratio the case must reach, printed beside it. */
  goal?: number;
  /** Other libraries timed on the same work: reported, not part of the ratio. */
  others?: { name: string; run: () => unknown }[];
};

/**
 * A measured value against a goal, where no library does the same work (the UI cases): `peer`
 * in the row is the goal and `against` says `goal`. ratio = goal ÷ ours when lower is better
 * (frame time, renders), ours ÷ goal when higher is better; at least 1 meets the goal.
 */
export type GoalCase = Base & {
  kind: 'goal';
  goal: number;
  better?: 'lower' | 'higher';
  measure: () => number | Promise<number>;
};

/**
 * A measured value beside a peer measured by the case itself in the same run, when the two are
 * not calls that can alternate (three nodes' order capacity beside one node's): ratio = ours ÷
 * peer, the goal a share of the peer to reach.
 */
export type RatioCase = Base & {
  kind: 'ratio';
  peerName: string;
  goal: number;
  measure: () => Promise<{ ours: number; peer: number }>;
};

/**
 * A cost (lower is better) beside the floor of this machine measured in the same run: the same
 * work with nothing of ours in it (bare sockets, a bare HTTP server). The goal is to stay within
 * `factor` × the floor: ratio = factor × floor ÷ ours (at least 1 meets it).
 */
export type FloorCase = Base & {
  kind: 'floor';
  floorName: string;
  factor: number;
  measure: () => Promise<{ ours: number; floor: number }>;
};

export type Case = PeerCase | GoalCase | RatioCase | FloorCase;

let sink: unknown;
const now = () => performance.now();

/** Calls per batch so one batch lasts ≥ 10 ms (one call for the heavy cases); also warms up. */
function calibrate(fn: () => unknown): number {
  for (let batch = 1; ; batch *= 2) {
    const start = now();
    for (let i = 0; i < batch; i += 1) sink = fn();
    if (now() - start >= 10 || batch >= 1 << 24) return batch;
  }
}

/** Milliseconds per call over one round of at least `roundMs`. */
function round(fn: () => unknown, batch: number, roundMs: number): number {
  let calls = 0;
  const start = now();
  let elapsed = 0;
  do {
    for (let i = 0; i < batch; i += 1) sink = fn();
    calls += batch;
    elapsed = now() - start;
  } while (elapsed < roundMs);
  return elapsed / calls;
}

/** Best ms per call of each function, in rounds that alternate between them so drift hits all alike. */
function timeSideBySide(fns: readonly (() => unknown)[], rounds = 5, roundMs = 300): number[] {
  const batches = fns.map(calibrate);
  const best = fns.map(() => Infinity);
  for (let r = 0; r < rounds; r += 1) {
    fns.forEach((fn, i) => {
      best[i] = Math.min(best[i] ?? Infinity, round(fn, batches[i] ?? 1, roundMs));
    });
  }
  return best;
}

const tidy = (x: number) => (Math.abs(x) >= 100 ? Math.round(x) : Number(x.toPrecision(4)));

async function runCase(c: Case): Promise<Row> {
  if (c.kind === 'floor') {
    const { ours, floor } = await c.measure();
    const ratio = ours > 0 ? (c.factor * floor) / ours : 0;
    return {
      case: c.name,
      unit: c.unit,
      ours: tidy(ours),
      peer: tidy(floor),
      ratio,
      against: c.floorName,
      goal: c.factor,
      met: ratio >= 1,
      floor: true,
    };
  }
  if (c.kind === 'ratio') {
    const { ours, peer } = await c.measure();
    const ratio = peer > 0 ? ours / peer : 0;
    return {
      case: c.name,
      unit: c.unit,
      ours: tidy(ours),
      peer: tidy(peer),
      ratio,
      against: c.peerName,
      goal: c.goal,
      met: ratio >= c.goal,
    };
  }
  if (c.kind === 'goal') {
    const ours = await c.measure();
    // A perfect 0 (no long task at all) would divide by zero: ours counts as at least 1% of the
    // goal, so a ratio tops out at 100. A goal of 0 is met by 0 alone (ratio 100) and missed by
    // anything above it (ratio 0).
    const ratio =
      c.better === 'higher'
        ? ours / c.goal
        : c.goal === 0
          ? ours === 0
            ? 100
            : 0
          : c.goal / Math.max(ours, c.goal / 100);
    return {
      case: c.name,
      unit: c.unit,
      ours: tidy(ours),
      peer: c.goal,
      ratio,
      against: 'goal',
      goal: c.goal,
      met: ratio >= 1,
    };
  }
  const others = c.others ?? [];
  const [ours = NaN, peer = NaN, ...rest] = timeSideBySide([c.ours, c.peer, ...others.map((o) => o.run)]);
  const ops = c.opsPerCall ?? 1;
  const rate = (ms: number) => tidy((ops / ms) * 1000);
  const row: Row = {
    case: c.name,
    unit: c.unit,
    ours: rate(ours),
    peer: rate(peer),
    ratio: peer / ours,
    against: c.peerName,
  };
  if (c.goal !== undefined) Object.assign(row, { goal: c.goal, met: row.ratio >= c.goal });
  if (others.length) row.others = Object.fromEntries(others.map((o, i) => [o.name, rate(rest[i] ?? NaN)]));
  return row;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One case, checked then measured, so that however it ends it leaves nothing running: every
 * process it starts inherits its tag (scripts/reap.mjs) and is stopped after it, and an error
 * nobody handled while it ran (a spawn's 'error' event: Chromium missing) fails this case instead
 * of ending the run with a broker still up. Null when it failed, with the reason printed: one
 * case that cannot run here (no PostgreSQL, a port taken) costs its row, not the others.
 */
async function contained(c: Case): Promise<Row | null> {
  const tag = `${process.pid}-${c.name}-${Date.now()}`;
  process.env[CASE_TAG] = tag;
  let fail: (error: unknown) => void = () => undefined;
  const unhandled = new Promise<never>((_, reject) => (fail = reject));
  unhandled.catch(() => undefined);
  const onUnhandled = (error: unknown) => fail(error);
  process.on('uncaughtException', onUnhandled);
  process.on('unhandledRejection', onUnhandled);
  let stage = 'check';
  try {
    await Promise.race([c.check?.(), unhandled]);
    stage = 'measure';
    const row = await Promise.race([runCase(c), unhandled]);
    const phone = c.phone?.();
    return phone
      ? { ...row, benchmarkIndex: Math.round(phone.benchmarkIndex), multiplier: phone.multiplier }
      : row;
  } catch (error) {
    console.error(`${c.name}: ${stage === 'check' ? 'check failed' : 'failed'} — ${message(error)}`);
    return null;
  } finally {
    process.off('uncaughtException', onUnhandled);
    process.off('unhandledRejection', onUnhandled);
    delete process.env[CASE_TAG];
    const left = await reap(CASE_TAG, tag);
    if (left.length > 0) console.error(`${c.name}: stopped ${left.length} process(es) it left running`);
  }
}

function option(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

/**
 * Runs the cases (`--only <prefix>` keeps those whose name starts with it), checks each before
 * timing it, prints the table and the notes, and with `--json FILE` writes the rows. A failed
 * check or measurement skips that case and makes the exit code 1.
 */
export async function run(cases: readonly Case[], argv: readonly string[]): Promise<Row[]> {
  const only = option(argv, '--only');
  const chosen = only ? cases.filter((c) => c.name.startsWith(only)) : cases;
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const c of chosen) {
    const row = await contained(c);
    if (!row) {
      process.exitCode = 1;
      continue;
    }
    rows.push(row);
    if (c.note) notes.push(`${c.name}: ${c.note}`);
  }
  console.table(
    rows.map((r) => ({
      case: r.case,
      against: r.against,
      unit: r.unit,
      ours: r.ours.toLocaleString('en-US'),
      peer: r.peer.toLocaleString('en-US'),
      ratio: r.ratio.toFixed(2),
      goal: goalText(r),
      others: [
        ...Object.entries(r.others ?? {}).map(([name, v]) => `${name} ${v.toLocaleString('en-US')}`),
        ...(r.multiplier === undefined ? [] : [`benchmarkIndex ${r.benchmarkIndex}, CPU ${r.multiplier}×`]),
      ].join(', '),
    })),
  );
  for (const note of notes) console.log(`- ${note}`);
  const file = option(argv, '--json');
  if (file) writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
  const markdown = option(argv, '--markdown');
  if (markdown) writeMarkdown(markdown, rows);
  if (sink === Symbol.for('never')) console.log('');
  return rows;
}

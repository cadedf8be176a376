import { writeFileSync } from 'node:fs';

export type Case = {
  name: string;
  unit: string;
  /** What the peer is, for the printed table. */
  peerName: string;
  ours: () => unknown;
  peer: () => unknown;
};

export type Row = { case: string; unit: string; ours: number; peer: number; ratio: number };

let sink: unknown;

/** Operations per second of `fn`, best of a few timed rounds after a warm-up. */
function measure(fn: () => unknown, rounds = 5, roundMs = 300): number {
  for (let i = 0; i < 2_000; i += 1) sink = fn();
  let best = 0;
  for (let r = 0; r < rounds; r += 1) {
    let ops = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < roundMs) {
      for (let i = 0; i < 200; i += 1) sink = fn();
      ops += 200;
      elapsed = performance.now() - start;
    }
    best = Math.max(best, (ops / elapsed) * 1000);
  }
  return best;
}

/** Runs each case and its peer in one run, side by side; `--json FILE` writes the rows. */
export function run(cases: readonly Case[], argv: readonly string[]): Row[] {
  const rows: Row[] = [];
  for (const c of cases) {
    const ours = measure(c.ours);
    const peer = measure(c.peer);
    rows.push({
      case: c.name,
      unit: c.unit,
      ours: Math.round(ours),
      peer: Math.round(peer),
      ratio: ours / peer,
    });
  }
  const table = rows.map((r, i) => ({
    case: r.case,
    peer: cases[i]?.peerName ?? '',
    unit: r.unit,
    ours: r.ours.toLocaleString('en-US'),
    'peer ops': r.peer.toLocaleString('en-US'),
    'ours/peer': r.ratio.toFixed(2),
  }));
  console.table(table);
  const jsonAt = argv.indexOf('--json');
  const file = jsonAt >= 0 ? argv[jsonAt + 1] : undefined;
  if (file) writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
  if (sink === Symbol.for('never')) console.log('');
  return rows;
}

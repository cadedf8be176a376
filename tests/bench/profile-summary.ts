// Not a bench case: `npx tsx tests/bench/profile-summary.ts FILE.cpuprofile [TOP]` sums a
// `node --cpu-prof` profile (e.g. of the broker under tests/bench/profile-orders.ts) into the
// functions and the files that cost the most, self and inclusive, as shares of the sampled time,
// so where an order's time goes can be read without a browser's DevTools. `--last SECONDS` keeps
// only the profile's end (the load, not the start-up and migrations before it); `--cap MS` (below).
import { readFileSync } from 'node:fs';

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const args = process.argv.slice(2);
const lastAt = args.indexOf('--last');
const lastUs = lastAt >= 0 ? Number(args.splice(lastAt, 2)[1]) * 1e6 : Infinity;
// `--cap MS`: a sample counts at most this long. A sample's time is the wall time to the next
// one, so on a machine with more runnable processes than cores a sample taken just before the
// process waited for a core (after a write(2) that woke another, above all) is charged with the
// wait; capped near the sampling interval, the shares are of CPU rather than of waiting.
const capAt = args.indexOf('--cap');
const capUs = capAt >= 0 ? Number(args.splice(capAt, 2)[1]) * 1e3 : Infinity;
const [file, topArg = '30'] = args;
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [TOP] [--last SECONDS]');
const top = Number(topArg);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Time per sample: the delta to the next sample (the last one gets the mean).
const selfUs = new Map<number, number>();
let total = 0;
let at = profile.startTime;
const from = profile.endTime - lastUs;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  const dt = Math.min(profile.timeDeltas[i + 1] ?? 0, capUs);
  if (at < from) return;
  selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
  total += dt;
});

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, 'npm:')
    .replace(/.*\/(server|domain|scripts)\//, '$1/');
const fnKey = (f: Frame) => `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`;
const fileKey = (f: Frame) => {
  if (!f.url) return f.functionName; // (program), (garbage collector), (idle)
  const short = shortUrl(f.url);
  return short.startsWith('npm:')
    ? short
        .split('/')
        .slice(0, short.startsWith('npm:@') ? 2 : 1)
        .join('/')
    : short;
};

function sum(key: (f: Frame) => string) {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const leaf = byId.get(id)!;
    const k = key(leaf.callFrame);
    self.set(k, (self.get(k) ?? 0) + us);
    // Inclusive: every distinct key on the stack gets the sample once (recursion counts once).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = key(byId.get(at)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  return { self, inclusive };
}

const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
function print(title: string, m: Map<string, number>) {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${pct(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
}

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
const files = sum(fileKey);
const fns = sum(fnKey);
print('self time by file or package', files.self);
print('self time by function', fns.self);
print('inclusive time by function', fns.inclusive);

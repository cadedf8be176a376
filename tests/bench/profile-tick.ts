// Not a bench case: `npx tsx tests/bench/profile-tick.ts [SECONDS]` runs the bench market's
// simulator alone (MARKET_PROFILE=bench, its own timer on the wall clock, no sockets, no bus) and
// prints how long after its tick's time a tick's frames could leave an owner at the earliest: when
// the timer woke (the tick's first event), when BNC001's ticker (fanout-5000's stream) was
// computed, and when the tick's turn ended (where sockets and the bus write: server/ws/socket.ts,
// server/bus). That is the owner's part of fanout-5000's latency that a bare relay's publisher,
// stamping its frame as it sends it, does not count. The load averages say what else ran.
import { loadavg } from 'node:os';
import { createSimulator } from '../../server/market/simulator/simulator';

const SECONDS = Number(process.argv[2] ?? 10);
const WARM_UP_MS = 3000;
const STREAM = 'BNC001';

const sim = createSimulator({
  seed: 7,
  clock: { now: () => Date.now() },
  alwaysOpen: true,
  profile: 'bench',
});
const woke: number[] = [];
const streamed: number[] = [];
const ended: number[] = [];
let measuring = false;
let events = 0;
let tickT = 0;
sim.on((event) => {
  if (!measuring) return;
  events++;
  if (event.type !== 'ticker') return;
  const t = event.ticker.t;
  if (t !== tickT) {
    // A tick's first ticker: the timer has woken; the turn ends after its last symbol.
    tickT = t;
    woke.push(Date.now() - t);
    process.nextTick(() => ended.push(Date.now() - t));
  }
  if (event.symbol === STREAM) streamed.push(Date.now() - t);
});

const load = () => loadavg()[0]!.toFixed(1);
sim.start();
await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
const loadBefore = load();
measuring = true;
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
measuring = false;
sim.stop();

const quantile = (xs: readonly number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? NaN;
const line = (what: string, xs: readonly number[]) =>
  `${what}: p50 ${quantile(xs, 0.5)} / p90 ${quantile(xs, 0.9)} / p99 ${quantile(xs, 0.99)} ms (${xs.length})`;
console.log(
  `${SECONDS} s, load ${loadBefore} → ${load()}, ${(events / SECONDS).toFixed(0)} market events a second`,
);
console.log(line('timer woke after its tick time', woke));
console.log(line(`${STREAM} ticker computed`, streamed));
console.log(line("the tick's turn ended (frames written)", ended));

// The Trade tab's cold load, signed in, on Lighthouse's mobile profile (CPU slowed, slow 4G through
// DevTools): start-trace.ts's method for a user's screen. Starts a broker on a client built
// elsewhere, makes a funded user, stores the session, then per run records a trace and a CPU
// profile of a fresh browser's load and prints every main-thread task over 50 ms from the first
// contentful paint on, with the script time by function in it. Run by hand:
//   CLIENT_DIR=dist/client-x SERVER_BUNDLE=dist/server-x.mjs npx tsx tests/bench/trade-trace.ts [runs]
// RATE (CPU slowdown, 4), WINDOW_MS (8000), TRACE_PATH (/pages/tabbar/trade), SIMULATE and
// LIST_MS below. docs/first-paint.md's Trade tab section quotes SIMULATE=5.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CreatedUser } from '../support/browser-session';
import {
  signedInPhone,
  SLOW_4G,
  withFundedBroker,
  type Profile,
  type ProfileNode,
  type TraceEvent,
} from './trace-parts';

const RATE = Number(process.env.RATE ?? 4);
/**
 * SIMULATE=5: no throttling; as Lighthouse's simulation does, each task observed on the fast load
 * is scaled by this multiplier, here its CPU time (the trace's thread clock), which a loaded
 * machine's waits for a core do not lengthen.
 */
const SIMULATE = Number(process.env.SIMULATE ?? 0);
const WINDOW_MS = Number(process.env.WINDOW_MS ?? 8000);
const PAGE = process.env.TRACE_PATH ?? '/pages/tabbar/trade';
const LONG_MS = 50;
/** LIST_MS: list every task over this (scaled) too, not only the long ones. */
const LIST_MS = Number(process.env.LIST_MS ?? LONG_MS);

/**
 * A client built with `--sourcemap` (`vite build --sourcemap --outDir dist/client-x`): each sample
 * named by its source file and function. The reader is Babel's, installed with the lint tools;
 * without it the minified names are printed.
 */
const mapping = await import('@jridgewell/trace-mapping').catch(() => null);
type TraceMap = InstanceType<NonNullable<typeof mapping>['TraceMap']>;
const maps = new Map<string, TraceMap | null>();
function sourceOf(file: string, line: number, column: number): string | null {
  const dir = process.env.CLIENT_DIR;
  if (!dir || !mapping || !file.endsWith('.js')) return null;
  if (!maps.has(file)) {
    const mapFile = path.resolve(dir, 'assets', `${file}.map`);
    maps.set(file, existsSync(mapFile) ? new mapping.TraceMap(readFileSync(mapFile, 'utf8')) : null);
  }
  const map = maps.get(file);
  if (!map) return null;
  const at = mapping.originalPositionFor(map, { line: line + 1, column });
  if (!at.source) return null;
  const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '~');
  return `${at.name ?? ''}@${source}:${at.line}`;
}

/** One run's long tasks after the first contentful paint: [start ms, duration ms, what ran]. */
type Long = { at: number; dur: number; top: string };
/** Trace events that say what "(program)" in the profile was. */
const NATIVE = new Set([
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'Commit',
  'v8.compile',
  'v8.compileModule',
  'v8.produceModuleCache',
  'v8.evaluateModule',
  'EvaluateScript',
  'MajorGC',
  'MinorGC',
  'HitTest',
  'ResourceReceivedData',
  'ResourceFinish',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'FunctionCall',
  'RunMicrotasks',
  'ScheduleStyleRecalculation',
  'IntersectionObserverController::computeIntersections',
]);
type RunResult = { fcp: number; lcp: number; long: Long[]; busyAfterFcp: number };

async function once(base: string, user: CreatedUser): Promise<RunResult> {
  const { page, cdp, close } = await signedInPhone(base, user, 'tr-TR');
  try {
    if (!SIMULATE) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    }
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,v8.execute,blink.user_timing,loading',
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.start');
    await page.goto(base + PAGE, { waitUntil: 'commit' });
    await page.waitForTimeout(WINDOW_MS);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    await cdp.send('Tracing.end');
    await done;
    return analyse(events, profile, base);
  } finally {
    await close();
  }
}

function analyse(events: TraceEvent[], profile: Profile, base: string): RunResult {
  const threads = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && threads.get(key(e)) === 'CrRendererMain',
  );
  const byThread = new Map<string, number>();
  for (const t of tasks) byThread.set(key(t), (byThread.get(key(t)) ?? 0) + (t.dur ?? 0));
  const main = [...byThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mainTasks = tasks.filter((t) => key(t) === main);
  const nav =
    events.find((e) => e.name === 'navigationStart' && key(e) === main)?.ts ?? mainTasks[0]?.ts ?? 0;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && key(e) === main)?.ts ?? nav;
  const lcps = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && key(e) === main);
  const lcp = lcps.at(-1)?.ts ?? fcp;

  // Profile samples with their times, on the trace's clock.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples: { ts: number; node: ProfileNode | undefined; dt: number }[] = [];
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    ts += dt;
    samples.push({ ts, node: byId.get(id), dt });
  });
  const long: Long[] = [];
  let busyAfterFcp = 0;
  for (const t of mainTasks) {
    if (t.ts < fcp || t.ts - nav > (WINDOW_MS - 500) * 1000) continue;
    const dur = SIMULATE ? ((t.tdur ?? 0) * SIMULATE) / 1000 : (t.dur ?? 0) / 1000;
    busyAfterFcp += dur;
    if (dur <= LIST_MS) continue;
    const per = new Map<string, number>();
    for (const s of samples) {
      if (s.ts < t.ts || s.ts > t.ts + (t.dur ?? 0)) continue;
      const f = s.node?.callFrame;
      const file = (f?.url ?? '').replace(base, '').replace('/assets/', '');
      const mapped = f && f.lineNumber >= 0 ? sourceOf(file, f.lineNumber, f.columnNumber ?? 0) : null;
      const name = mapped
        ? `${f?.functionName || '(anon)'}=${mapped}`
        : `${f?.functionName || '(anon)'}@${file || '-'}:${f?.lineNumber ?? 0}:${f?.columnNumber ?? 0}`;
      per.set(name, (per.get(name) ?? 0) + s.dt / 1000);
    }
    // The trace's own events in the task (style, layout, paint, compile: the profile's "(program)").
    for (const e of events) {
      if (key(e) !== main || e.ph !== 'X' || e.ts < t.ts || e.ts >= t.ts + (t.dur ?? 0) || e === t) continue;
      if (!NATIVE.has(e.name) || (e.dur ?? 0) < 2000) continue;
      const name = `#${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.replace(base, '').replace('/assets/', '') : ''}`;
      per.set(name, (per.get(name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const top = [...per]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([n, ms]) => `${Math.round(ms)} ${n}`)
      .join('; ');
    long.push({ at: (t.ts - nav) / 1000, dur, top });
  }
  return { fcp: (fcp - nav) / 1000, lcp: (lcp - nav) / 1000, long, busyAfterFcp };
}

const runs = Number(process.argv[2] ?? 3);
await withFundedBroker(async (base, user) => {
  const totals: string[] = [];
  for (let i = 0; i < runs; i += 1) {
    const r = await once(base, user);
    const longOnes = r.long.filter((l) => l.dur > LONG_MS);
    const blocking = longOnes.reduce((sum, l) => sum + l.dur - LONG_MS, 0);
    const cpu = longOnes.reduce((sum, l) => sum + l.dur, 0);
    console.log(
      `\n== run ${i + 1} (${SIMULATE ? `CPU time × ${SIMULATE}` : `${RATE}× CPU`}): FCP ${Math.round(r.fcp)} ms, last LCP candidate ${Math.round(r.lcp)} ms, ` +
        `busy after FCP ${Math.round(r.busyAfterFcp)} ms; ${longOnes.length} tasks > 50 ms, ${Math.round(cpu)} ms in them, blocking ${Math.round(blocking)} ms`,
    );
    for (const l of r.long) console.log(`  at ${Math.round(l.at)} ms: ${Math.round(l.dur)} ms  [${l.top}]`);
    totals.push(`${longOnes.length} long, ${Math.round(cpu)} ms, blocking ${Math.round(blocking)} ms`);
  }
  console.log(`\nruns: ${totals.join(' | ')}`);
});

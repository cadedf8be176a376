// Start-up main-thread work of a page on Lighthouse's mobile profile (4× CPU, slow 4G through
// DevTools): loads each path in a fresh context, records a trace and a CPU profile for the first
// WINDOW_MS, and prints the long tasks (blocking time as Lighthouse counts it: each task's time over
// 50 ms) and the script time per file. A tool for finding what a change added at start, run by hand:
//   npx tsx tests/bench/start-trace.ts http://127.0.0.1:8080 /pages/tabbar/home [/path…]
import { chromium } from 'playwright-core';
import { SLOW_4G, type Profile, type TraceEvent } from './trace-parts';

const LONG_MS = process.env.UNTHROTTLED ? 12.5 : 50;
const WINDOW_MS = Number(process.env.WINDOW_MS ?? 8000);

async function one(base: string, path: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // UNTHROTTLED=1: as Lighthouse's simulated throttling observes the page (it scales the trace after).
  if (!process.env.UNTHROTTLED) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const events: TraceEvent[] = [];
  // The protocol's types call each event a map of strings; Chromium's hold numbers and nested args.
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,v8.execute,blink.user_timing,loading',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  const requests: string[] = [];
  const t0 = Date.now();
  page.on('request', (r) => requests.push(`${Date.now() - t0} ${r.url().replace(base, '')}`));
  await page.goto(base + path, { waitUntil: 'commit' });
  await page.waitForTimeout(WINDOW_MS);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  await cdp.send('Tracing.end');
  await done;
  await browser.close();

  // The page's main thread: the renderer thread with the most RunTask time.
  const threads = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain',
  );
  const byThread = new Map<string, number>();
  for (const t of tasks)
    byThread.set(`${t.pid}:${t.tid}`, (byThread.get(`${t.pid}:${t.tid}`) ?? 0) + (t.dur ?? 0));
  const main = [...byThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mainTasks = tasks.filter((t) => `${t.pid}:${t.tid}` === main);
  const nav =
    events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser')?.ts ??
    mainTasks[0]?.ts ??
    0;
  const inner = events.filter(
    (e) =>
      `${e.pid}:${e.tid}` === main &&
      e.ph === 'X' &&
      [
        'EvaluateScript',
        'v8.compileModule',
        'FunctionCall',
        'TimerFire',
        'FireAnimationFrame',
        'ParseHTML',
        'Layout',
        'UpdateLayoutTree',
        'Paint',
        'EventDispatch',
        'v8.evaluateModule',
        'RunMicrotasks',
        'GCEvent',
        'MinorGC',
        'MajorGC',
        'V8.GCScavenger',
      ].includes(e.name),
  );
  let tbt = 0;
  let busy = 0;
  const long: string[] = [];
  for (const t of mainTasks) {
    const dur = (t.dur ?? 0) / 1000;
    busy += dur;
    if (dur > LONG_MS) {
      tbt += dur - LONG_MS;
      const within = inner.filter((e) => e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && (e.dur ?? 0) > 5000);
      long.push(
        `  at ${Math.round((t.ts - nav) / 1000)} ms: ${Math.round(dur)} ms [${within
          .map(
            (e) =>
              `${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.replace(base, '') : ''}${e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''} ${Math.round((e.dur ?? 0) / 1000)}`,
          )
          .slice(0, 6)
          .join('; ')}]`,
      );
    }
  }
  // Self time per script file from the profile.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const perUrl = new Map<string, number>();
  const perFn = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const url = (node?.callFrame.url || `(${node?.callFrame.functionName})`).replace(base, '');
    perUrl.set(url, (perUrl.get(url) ?? 0) + dt);
    const fn = `${url}:${node?.callFrame.functionName}:${node?.callFrame.lineNumber}`;
    perFn.set(fn, (perFn.get(fn) ?? 0) + dt);
  });
  console.log(
    `\n== ${path}: main thread busy ${Math.round(busy)} ms, blocking ${Math.round(tbt)} ms over ${WINDOW_MS} ms`,
  );
  console.log(long.join('\n'));
  console.log(' self time by file:');
  for (const [u, ms] of [...perUrl].sort((a, b) => b[1] - a[1]).slice(0, 14))
    if (!u.startsWith('(idle')) console.log(`   ${Math.round(ms)} ms ${u}`);
  console.log(' top functions:');
  for (const [u, ms] of [...perFn].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`   ${Math.round(ms)} ms ${u}`);
  if (process.env.REQUESTS) console.log(' requests:\n   ' + requests.join('\n   '));
}

const [base, ...paths] = process.argv.slice(2);
for (const p of paths) await one(base as string, p);

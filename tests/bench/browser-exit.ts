// A browser stopped so that nothing of it outlives the call. chrome-launcher's kill() SIGKILLs the
// browser's process group and returns at once, but Chromium's chrome_crashpad_handler processes
// are in sessions of their own (parent: init) and exit only after noticing the browser is gone,
// seconds later on a loaded machine, when the bench harness already looks for what a case left
// running. Their command line names neither the browser nor its profile; their environment,
// inherited from the browser, does: every process of one browser carries BROWSER_TAG.
import type { ChildProcess } from 'node:child_process';
import { tagged } from '../../scripts/reap.mjs';

/** The environment variable that tags every process of one launched browser. */
export const BROWSER_TAG = 'SEANS_BENCH_BROWSER';

/** How long a stopped browser's processes get to exit before the caller goes on without them. */
export const BROWSER_EXIT_MS = 5_000;
const POLL_MS = 50;

/** The environment to launch a browser in (chrome-launcher's `envVars`), tagged with `value`. */
export function browserEnv(value: string): Record<string, string | undefined> {
  return { ...process.env, [BROWSER_TAG]: value };
}

/** What stopBrowser needs of chrome-launcher's LaunchedChrome. */
export type Browser = { process: ChildProcess; kill: () => void };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `child` has exited (at once if it already has), or after `ms`. */
function exited(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      child.off('exit', done);
      resolve();
    }
    child.once('exit', done);
  });
}

/**
 * Kills `browser` (launched with browserEnv(`value`)) and waits, at most `boundMs`, until its own
 * process has exited and no live process carries its tag. Returns the pids still there then (none
 * when it all ended in time); those are left to the harness, which stops and reports them.
 */
export async function stopBrowser(
  browser: Browser,
  value: string,
  boundMs: number = BROWSER_EXIT_MS,
): Promise<number[]> {
  const deadline = Date.now() + boundMs;
  browser.kill();
  await exited(browser.process, boundMs);
  for (;;) {
    const left = tagged(BROWSER_TAG, value);
    if (left.length === 0 || Date.now() >= deadline) return left;
    await sleep(Math.min(POLL_MS, deadline - Date.now()));
  }
}

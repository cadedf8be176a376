// Every process a benchmark starts carries a tag in its environment (children inherit it, even
// those that leave our process group, as Chromium does under chrome-launcher), so what a case or
// a whole run started can be found and stopped after it, however it ended: a case that threw, a
// spawn whose 'error' nobody handled, a runner that crashed before its `finally`.
import { readdirSync, readFileSync } from 'node:fs';

/** The environment variable that tags a run's processes, and the one that tags one case's. */
export const RUN_TAG = 'SEANS_BENCH_RUN';
export const CASE_TAG = 'SEANS_BENCH_CASE';

/** Pids of the live processes whose environment holds `name=value` (none without /proc). */
export function tagged(name, value) {
  const wanted = `${name}=${value}`;
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
      // A zombie (exited, not yet waited for) keeps no environment and holds nothing.
      if (environ.split('\0').includes(wanted)) found.push(Number(entry));
    } catch {
      // Gone between the listing and the read, or not ours to read.
    }
  }
  return found;
}

/**
 * SIGKILLs every live process tagged `name=value` and waits (up to 5 s) until none is left.
 * Returns the pids it killed.
 */
export async function reap(name, value) {
  const killed = [];
  const deadline = Date.now() + 5000;
  for (;;) {
    const left = tagged(name, value);
    if (left.length === 0 || Date.now() > deadline) return killed;
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
        if (!killed.includes(pid)) killed.push(pid);
      } catch {
        // Already gone.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Whether `pid` is a live process (a zombie waiting for its parent counts as ended). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

type Outcome = { browser: number; before: number[]; left: number[]; tookMs: number };

/** tests/bench/fixtures/lingering-browser.ts: a browser whose other process outlives it by `lingerS`. */
function stopLingering(lingerS: number, boundMs: number): Outcome {
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      'tests/bench/fixtures/lingering-browser.ts',
      String(lingerS),
      String(boundMs),
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as Outcome;
}

describe('stopBrowser', () => {
  it('returns only once the process that outlived the browser has exited too', () => {
    const outcome = stopLingering(1.5, 5_000);
    try {
      expect(outcome.before).toHaveLength(2);
      expect(outcome.before).toContain(outcome.browser);
      expect(outcome.left).toEqual([]);
      expect(outcome.before.filter(alive)).toEqual([]);
      // It waited for the lingering one rather than returning after the kill.
      expect(outcome.tookMs).toBeGreaterThanOrEqual(500);
    } finally {
      for (const pid of outcome.before.filter(alive)) process.kill(pid, 'SIGKILL');
    }
  }, 60_000);

  it('gives up after its bound and returns what is still running', () => {
    const outcome = stopLingering(60, 400);
    try {
      const lingering = outcome.before.filter((pid) => pid !== outcome.browser);
      expect(lingering).toHaveLength(1);
      expect(outcome.left).toEqual(lingering);
      expect(alive(outcome.browser)).toBe(false);
      expect(outcome.tookMs).toBeLessThan(5_000);
    } finally {
      for (const pid of outcome.before.filter(alive)) process.kill(pid, 'SIGKILL');
    }
  }, 60_000);
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(path.join(tmpdir(), 'seans-bench-cleanup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether `pid` is a live process (a zombie waiting for its parent counts as ended). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('a failing benchmark case', () => {
  it('stops every process it started, and the run goes on to the next case', () => {
    const pids = path.join(dir, 'pids');
    const result = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'tests/bench/fixtures/leaky-cases.ts'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, LEAKY_PIDS: pids }, timeout: 60_000 },
    );
    const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    try {
      expect(started).toHaveLength(3);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'leaks-then-throws: failed — the case failed after starting two processes',
      );
      expect(result.stderr).toContain('spawn-error-unhandled: failed — spawn /nonexistent/chromium ENOENT');
      expect(result.stdout).toContain('still-runs');
      expect(started.filter(alive)).toEqual([]);
    } finally {
      for (const pid of started.filter(alive)) process.kill(pid, 'SIGKILL');
    }
  }, 60_000);
});

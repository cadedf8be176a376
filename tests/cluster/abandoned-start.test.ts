import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';

/** The processes whose environment carries `tag` (this machine's /proc), by pid. */
async function tagged(tag: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = await readFile(`/proc/${name}/environ`, 'latin1');
      if (environ.split('\0').includes(`ABANDON_TAG=${tag}`)) pids.push(Number(name));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/** Whether `pid` still runs (a zombie, reaped by no one yet, does not). */
async function running(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'latin1');
    return !/^\d+ \(.*\) Z /.test(stat);
  } catch {
    return false;
  }
}

describe('a cluster whose start its beforeAll gave up on', () => {
  it('leaves no node, NATS server or anything it started running after the file', async () => {
    const tag = randomBytes(6).toString('hex');
    const child = spawn(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/cluster/fixtures/abandoned.config.ts'],
      { cwd: ROOT, env: { ...process.env, ABANDON_TAG: tag }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // What the run started, seen while it runs.
    const seen = new Map<number, string>();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let done = false;
    void exited.then(() => (done = true));
    while (!done) {
      for (const pid of await tagged(tag))
        if (!seen.has(pid)) seen.set(pid, await readFile(`/proc/${pid}/cmdline`, 'latin1').catch(() => ''));
      await new Promise((r) => setTimeout(r, 100));
    }
    const code = await exited;
    // The hook timed out: the run fails, as such a run does.
    expect(code, output).not.toBe(0);
    expect(output).toMatch(/Hook timed out/);
    // A node or the NATS server was running when the hook gave up, not only vitest's own.
    const started = [...seen.values()].filter((cmd) => !cmd.includes('vitest'));
    expect(started.length, `processes seen:\n${output}`).toBeGreaterThan(0);
    const left: number[] = [];
    for (const pid of await tagged(tag)) if (await running(pid)) left.push(pid);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    expect(left, `left running (killed now):\n${output}`).toEqual([]);
  }, 240_000);
});

import { spawn } from 'node:child_process';
import { freePort, ROOT, startBroker, type Started } from '../../support/process';

/**
 * The broker for the UI bench. Normally `npm start`'s own path (startBroker, which rebuilds
 * dist/client when stale). With `clientDir` (a client built elsewhere, UI_BENCH_CLIENT_DIR) it
 * runs server/main.ts directly, so nothing rebuilds the shared dist/client behind others' backs.
 */
export async function startBenchBroker(env: Record<string, string>, clientDir?: string): Promise<Started> {
  if (!clientDir) return startBroker(env);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, CLIENT_DIR: clientDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`broker exited with ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`broker not healthy within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

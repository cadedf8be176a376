import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A loopback port nobody is listening on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type Started = {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop: () => Promise<number | null>;
};

/**
 * Runs the broker as `npm start` does (scripts/start.mjs, run by node itself so the PID we
 * signal is the server's) and waits for /healthz. `entry` runs other node arguments instead
 * (the UI bench runs server/main.ts on a client built elsewhere, so nothing rebuilds dist/).
 */
export async function startBroker(
  env: Record<string, string>,
  timeoutMs = 120_000,
  entry: readonly string[] = ['scripts/start.mjs'],
  /** Told the process as soon as it runs, before it is healthy: whoever must end it if the wait is abandoned. */
  spawned?: (child: ChildProcess) => void,
): Promise<Started> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, [...entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned?.(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`broker exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`broker not healthy within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
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

type ServerBuild = { buildServer: () => Promise<string> };
let bundled: Promise<string[]> | undefined;

/**
 * Node arguments that run the broker bundled, as `npm start` runs it (scripts/server-build.mjs),
 * without start.mjs's check of the client: for brokers serving a client built elsewhere, or none.
 * Built once per process.
 */
export function bundledBroker(): Promise<string[]> {
  bundled ??= (async () => {
    // An untyped .mjs: imported by URL and typed here.
    const script = pathToFileURL(path.join(ROOT, 'scripts', 'server-build.mjs')).href;
    const { buildServer } = (await import(script)) as ServerBuild;
    return ['--enable-source-maps', await buildServer()];
  })();
  return bundled;
}

/** Runs the broker expecting it to refuse to start; returns its exit code and output. */
export function runBrokerToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

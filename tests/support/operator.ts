import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from './process';

const run = promisify(execFile);

/**
 * Runs the operator CLI exactly as staff would (`npm run operator -- …`), against the broker
 * on `port` with its data directory; returns the parsed last line of `--json` output.
 */
export async function operator(args: string[], env: { port: string; dataDir: string }): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'server/operator/cli.ts', ...args, '--json'],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: env.port, DATA_DIR: env.dataDir },
    },
  );
  const last = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(last);
}

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseCommand } from '../../server/operator/cli-commands';
import { sendOperatorCommand } from '../../server/operator/client';
import { ROOT } from './process';

const run = promisify(execFile);

/**
 * An operator command against the broker on `port` with its data directory, parsed and sent as
 * the CLI does (the same parser, the same loopback API and key), from this process: starting the
 * CLI under tsx cost ~1.6 s a call, and the suites make dozens. Answers what `--json` prints.
 */
export async function operator(args: string[], env: { port: string; dataDir: string }): Promise<unknown> {
  const command = parseCommand([...args, '--json']);
  if ('error' in command) throw new Error(command.error || 'usage');
  const data = await sendOperatorCommand(command, env);
  return JSON.parse(JSON.stringify(command.pick ? command.pick(data) : data)) as unknown;
}

/**
 * Runs the operator CLI exactly as staff would (`npm run operator -- …`), a process of its own;
 * returns the parsed last line of its `--json` output (tests/server/operator-cli.test.ts).
 */
export async function operatorCli(args: string[], env: { port: string; dataDir: string }): Promise<unknown> {
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

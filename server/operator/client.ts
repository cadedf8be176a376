import { OPERATOR_KEY_HEADER, OPERATOR_PREFIX } from './define';
import { readOperatorKey } from './key';
import type { Command } from './command';

/** Where the running broker is: its port and the data directory that holds its operator key. */
export type OperatorTarget = { port: string; dataDir: string; lang?: string };

/**
 * Sends one parsed operator command to the running broker over the loopback operator API and
 * answers its data, or throws with the broker's message. The CLI (cli.ts) prints what this
 * answers; tests call it in their own process instead of starting the CLI for every action.
 */
export async function sendOperatorCommand(command: Command, target: OperatorTarget): Promise<unknown> {
  let key: string;
  try {
    key = await readOperatorKey(target.dataDir);
  } catch {
    throw new Error(
      `No operator key in ${target.dataDir}: start the server (npm start) with the same DATA_DIR first.`,
    );
  }
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${target.port}${OPERATOR_PREFIX}/${command.path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        [OPERATOR_KEY_HEADER]: key,
        'Accept-Language': target.lang ?? 'en-US',
      },
      body: new URLSearchParams(command.fields).toString(),
    });
  } catch {
    throw new Error(
      `The server is not running on port ${target.port}: start it with npm start (PORT selects another).`,
    );
  }
  const answer = (await res.json()) as { code: number; msg: string; key?: string; data: unknown };
  // The broker's words and its stable key: staff (and scripts) can tell refusals apart by it.
  if (answer.code !== 0) throw new Error(answer.key ? `${answer.msg} [${answer.key}]` : answer.msg);
  return answer.data;
}

// `npm run operator -- <command>`: staff actions against the RUNNING server (PGlite belongs to
// its process), over the loopback operator API with the key from DATA_DIR/operator.key.
import path from 'node:path';
import { ROOT } from '../paths';
import { OPERATOR_KEY_HEADER, OPERATOR_PREFIX } from './define';
import { readOperatorKey } from './key';
import { parseCommand, USAGE, type Command } from './cli-commands';

async function send(command: Command): Promise<unknown> {
  const port = process.env.PORT || '8080';
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data'));
  let key: string;
  try {
    key = await readOperatorKey(dataDir);
  } catch {
    throw new Error(
      `No operator key in ${dataDir}: start the server (npm start) with the same DATA_DIR first.`,
    );
  }
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${port}${OPERATOR_PREFIX}/${command.path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        [OPERATOR_KEY_HEADER]: key,
        'Accept-Language': process.env.OPERATOR_LANG ?? 'en-US',
      },
      body: new URLSearchParams(command.fields).toString(),
    });
  } catch {
    throw new Error(
      `The server is not running on port ${port}: start it with npm start (PORT selects another).`,
    );
  }
  const answer = (await res.json()) as { code: number; msg: string; data: unknown };
  if (answer.code !== 0) throw new Error(answer.msg);
  return answer.data;
}

function print(data: unknown, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(data));
  } else if (Array.isArray(data)) {
    if (data.length === 0) console.log('(none)');
    else console.table(data);
  } else if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data))
      console.log(`${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  } else {
    console.log(String(data));
  }
}

async function main(): Promise<void> {
  const parsed = parseCommand(process.argv.slice(2));
  if ('error' in parsed) {
    console.error(parsed.error ? `${parsed.error}\n\n${USAGE}` : USAGE);
    process.exit(parsed.error ? 2 : 0);
  }
  const data = await send(parsed);
  print(parsed.pick ? parsed.pick(data) : data, parsed.json);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

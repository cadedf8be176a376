// `npm run operator -- <command>`: staff actions against the RUNNING server (PGlite belongs to
// its process), over the loopback operator API with the key from DATA_DIR/operator.key.
import path from 'node:path';
import { ROOT } from '../paths';
import { parseCommand, USAGE } from './cli-commands';
import { sendOperatorCommand } from './client';

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
  const data = await sendOperatorCommand(parsed, {
    port: process.env.PORT || '8080',
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data')),
    lang: process.env.OPERATOR_LANG,
  });
  print(parsed.pick ? parsed.pick(data) : data, parsed.json);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

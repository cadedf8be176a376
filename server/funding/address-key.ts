import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The secret deposit addresses are derived from (HMAC of user, coin, chain): `DEPOSIT_ADDRESS_KEY`
 * (base64url, for several API nodes sharing one database), else a file in the data directory
 * made on first use, readable by its owner only, like the PIN key. Addresses are stored once
 * generated, so a lost key changes only addresses not generated yet.
 */
export const ADDRESS_KEY_FILE = 'deposit-address.key';

const loaded = new Map<string, Promise<Buffer>>();

async function load(dataDir: string, env: NodeJS.ProcessEnv): Promise<Buffer> {
  const given = env.DEPOSIT_ADDRESS_KEY?.trim();
  if (given) return Buffer.from(given, 'base64url');
  const file = path.join(dataDir, ADDRESS_KEY_FILE);
  try {
    const existing = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
    if (existing.length >= 32) return existing;
  } catch {
    // No key yet: write one below.
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32);
  await writeFile(file, `${secret.toString('base64url')}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}

/** The key for this data directory, read (or made) once per process. */
export function addressKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  let key = loaded.get(dataDir);
  if (!key) {
    key = load(dataDir, env);
    loaded.set(dataDir, key);
  }
  return key;
}

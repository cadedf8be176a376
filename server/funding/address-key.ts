import { ensureSecret } from '../key-file';

/**
 * The secret deposit addresses are derived from (HMAC of user, coin, chain): `DEPOSIT_ADDRESS_KEY`
 * (base64url, for several API nodes sharing one database), else a file in the data directory
 * made on first use, readable by its owner only, like the PIN key. Addresses are stored once
 * generated, so a lost key changes only addresses not generated yet.
 */
export const ADDRESS_KEY_FILE = 'deposit-address.key';

const loaded = new Map<string, Promise<Buffer>>();

/** The key for this data directory, read (or made) once per process. */
export function addressKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  let key = loaded.get(dataDir);
  if (!key) {
    key = ensureSecret(dataDir, ADDRESS_KEY_FILE, env.DEPOSIT_ADDRESS_KEY);
    loaded.set(dataDir, key);
  }
  return key;
}

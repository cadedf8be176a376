import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret the server keeps in its data directory (the operator key, the PIN key, the deposit
 * address key, the Web Push keys), readable by its owner only: the file's if it holds a usable
 * one, else a new one written there first. A file that cannot be read or parsed is replaced.
 */
export async function ensureKeyFile<T>(
  dataDir: string,
  name: string,
  key: { parse: (text: string) => T | null; make: () => T; format: (value: T) => string },
): Promise<T> {
  const file = path.join(dataDir, name);
  try {
    const existing = key.parse((await readFile(file, 'utf8')).trim());
    if (existing !== null) return existing;
  } catch {
    // No key yet: write one below.
  }
  await mkdir(dataDir, { recursive: true });
  const made = key.make();
  await writeFile(file, `${key.format(made)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return made;
}

/**
 * A 32-byte (or longer) secret: `given` (base64url, from the environment, for several API nodes
 * sharing one database), else the data directory's file `name`.
 */
export async function ensureSecret(
  dataDir: string,
  name: string,
  given: string | undefined,
): Promise<Buffer> {
  const fromEnv = given?.trim();
  if (fromEnv) return Buffer.from(fromEnv, 'base64url');
  return ensureKeyFile(dataDir, name, {
    parse: (text) => {
      const secret = Buffer.from(text, 'base64url');
      return secret.length >= 32 ? secret : null;
    },
    make: () => randomBytes(32),
    format: (secret) => secret.toString('base64url'),
  });
}

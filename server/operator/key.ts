import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const OPERATOR_KEY_FILE = 'operator.key';

/**
 * The operator key lives in the server's data directory, readable by its owner only: whoever
 * can read it can act as staff, the same people who could open the database files anyway.
 */
export async function ensureOperatorKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, OPERATOR_KEY_FILE);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // No key yet: write one below.
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return key;
}

export async function readOperatorKey(dataDir: string): Promise<string> {
  return (await readFile(path.join(dataDir, OPERATOR_KEY_FILE), 'utf8')).trim();
}

export function keysMatch(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** 127.0.0.0/8, ::1, and their IPv4-mapped form. Nothing else is "this machine". */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

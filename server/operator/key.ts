import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureKeyFile } from '../key-file';

export const OPERATOR_KEY_FILE = 'operator.key';

/**
 * The operator key lives in the server's data directory, readable by its owner only: whoever
 * can read it can act as staff, the same people who could open the database files anyway.
 */
export async function ensureOperatorKey(dataDir: string): Promise<string> {
  return ensureKeyFile(dataDir, OPERATOR_KEY_FILE, {
    parse: (text) => (text.length >= 32 ? text : null),
    make: () => randomBytes(32).toString('base64url'),
    format: (key) => key,
  });
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

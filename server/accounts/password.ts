import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Login, trade and withdrawal passwords are stored as `scrypt$N$r$p$saltB64$hashB64`. The
 * parameters travel with the hash, so raising the cost later leaves old hashes verifiable
 * (and `needsRehash` tells the login to upgrade them).
 */

const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** N=2^17, r=8 needs 128 MiB; the default 32 MiB limit would refuse it. */
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, { N: cost, r: R, p: P }, KEY_LENGTH);
  return ['scrypt', cost, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

type Parsed = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (!N || !r || !p || salt.length === 0 || key.length === 0) return null;
  // A stored string is ours, but a corrupt one must not make us burn unbounded memory.
  if ((N & (N - 1)) !== 0 || N > 2 ** 20 || r > 32 || p > 16) return null;
  return { N, r, p, salt, key };
}

/** True when the password matches; a malformed or empty stored hash never matches. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) return false;
  const key = await derive(
    password,
    parsed.salt,
    { N: parsed.N, r: parsed.r, p: parsed.p },
    parsed.key.length,
  );
  return timingSafeEqual(key, parsed.key);
}

/** A stored hash made with other parameters than today's is upgraded at the next sign-in. */
export function needsRehash(stored: string, cost: number): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N !== cost || parsed.r !== R || parsed.p !== P;
}

const dummies = new Map<number, Promise<string>>();

/**
 * Spends the same work as a real check when there is no user to check against, so a wrong
 * account and a wrong password take about as long (no account enumeration by timing).
 */
export async function burnPasswordCheck(password: string, cost: number): Promise<void> {
  let dummy = dummies.get(cost);
  if (!dummy) {
    dummy = hashPassword(randomBytes(12).toString('base64'), cost);
    dummies.set(cost, dummy);
  }
  await verifyPassword(password, await dummy);
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ensureSecret } from '../key-file';

/**
 * Trade and withdrawal PINs are stored as `hmac$<keyId>$<saltB64>$<macB64>`, the MAC being
 * HMAC-SHA256 under a server key of (per-user salt, PIN). A 6-digit PIN has a million values,
 * so no hash cost makes a leaked hash safe on its own: the key, kept outside the database,
 * does that, and the online guesser is stopped by the lockout (pins.ts). A slow hash here
 * only let one user's confirmations queue everyone behind scrypt.
 */

export const PIN_KEY_FILE = 'pin.key';
const SALT_LENGTH = 16;

/**
 * The key one app hashes new PINs with, and the only one its hashes verify under. It lives on the
 * app (server/app-state.ts), never in this module: two apps on different data directories in one
 * process each hash under their own key.
 */
export type PinKey = { readonly id: string; readonly secret: Buffer };

function keyIdOf(secret: Buffer): string {
  return createHash('sha256').update('seans-pin-key-id').update(secret).digest('hex').slice(0, 12);
}

export function pinKeyFrom(secret: Buffer): PinKey {
  if (secret.length < 32) throw new Error('a PIN key needs at least 32 bytes');
  return { id: keyIdOf(secret), secret };
}

/** A key of its own for code run on a database without an app (a script, a unit test). */
export function randomPinKey(): PinKey {
  return pinKeyFrom(randomBytes(32));
}

/**
 * The PIN key: `PIN_KEY` (base64url, for several API nodes sharing one database), else a file
 * in the data directory made on first start, readable by its owner only, like the operator key.
 */
export function ensurePinKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  return ensureSecret(dataDir, PIN_KEY_FILE, env.PIN_KEY);
}

function mac(secret: Buffer, salt: Buffer, pin: string): Buffer {
  return createHmac('sha256', secret).update(salt).update(pin.normalize('NFC')).digest();
}

export function hashPin(key: PinKey, pin: string): string {
  const salt = randomBytes(SALT_LENGTH);
  return ['hmac', key.id, salt.toString('base64'), mac(key.secret, salt, pin).toString('base64')].join('$');
}

export function isPinHash(stored: string): boolean {
  return stored.startsWith('hmac$');
}

/**
 * True when the PIN matches a `hmac$` hash made under `key`. A hash under another key (the key
 * file was lost or replaced) never matches: the user sets a new PIN with a code.
 */
export function verifyPinHash(key: PinKey, pin: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 4 || parts[0] !== 'hmac' || parts[1] !== key.id) return false;
  const salt = Buffer.from(parts[2] ?? '', 'base64');
  const expected = Buffer.from(parts[3] ?? '', 'base64');
  if (salt.length === 0 || expected.length !== 32) return false;
  return timingSafeEqual(mac(key.secret, salt, pin), expected);
}

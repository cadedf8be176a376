import { ensureKeyFile } from '../key-file';
import webpush from 'web-push';

export const VAPID_FILE = 'vapid.json';

/** The server's Web Push identity: the public key browsers subscribe with, and its private half. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** Push services want a contact for the sender; an operator sets theirs. */
const DEFAULT_SUBJECT = 'mailto:operator@seans.invalid';

/**
 * The VAPID key pair, kept like the PIN key: `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY`
 * (base64url, for several nodes on one database, which must push as one sender), else a file in
 * the data directory made on first start, readable by its owner only. A new pair would orphan
 * every browser's subscription, so it is made once and kept.
 */
export async function ensureVapidKeys(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT?.trim() || DEFAULT_SUBJECT;
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const pair = await ensureKeyFile(dataDir, VAPID_FILE, {
    parse: (text) => {
      const saved = JSON.parse(text) as Partial<VapidKeys>;
      return typeof saved.publicKey === 'string' && typeof saved.privateKey === 'string'
        ? { publicKey: saved.publicKey, privateKey: saved.privateKey }
        : null;
    },
    make: () => webpush.generateVAPIDKeys(),
    format: (made) => JSON.stringify(made),
  });
  return { ...pair, subject };
}

const ensured = new Map<string, Promise<VapidKeys>>();

/** The keys of this data directory, read or made once per process (routes and the engine share them). */
export function vapidKeys(dataDir: string): Promise<VapidKeys> {
  let keys = ensured.get(dataDir);
  if (!keys) {
    keys = ensureVapidKeys(dataDir);
    ensured.set(dataDir, keys);
    keys.catch(() => ensured.delete(dataDir));
  }
  return keys;
}

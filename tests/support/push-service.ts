import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

/** One request as a push service would receive it. */
export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** A browser's side of a subscription: its keys, and how it reads what was pushed to it. */
export type TestSubscription = {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The payload, decrypted as the browser would (RFC 8291, aes128gcm). */
  decrypt(body: Buffer): string;
};

/**
 * A local stand-in for a push service (FCM, Mozilla autopush): it records every request, answers
 * 201 as they do (or `status`, to play a gone subscription), and hands out subscriptions whose
 * private keys the test holds, so it can decrypt what the broker sent.
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  let status = 201;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    received,
    answer(next: number) {
      status = next;
    },
    subscription(name = randomBytes(6).toString('hex')): TestSubscription {
      const ecdh = createECDH('prime256v1');
      const uaPublic = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        endpoint: `http://127.0.0.1:${port}/push/${name}`,
        p256dh: uaPublic.toString('base64url'),
        auth: authSecret.toString('base64url'),
        decrypt(body) {
          const salt = body.subarray(0, 16);
          const idLength = body[20] ?? 0;
          const asPublic = body.subarray(21, 21 + idLength);
          const sealed = body.subarray(21 + idLength);
          const shared = ecdh.computeSecret(asPublic);
          const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
          const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
          const cek = Buffer.from(
            hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
          );
          const nonce = Buffer.from(
            hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
          );
          const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
          decipher.setAuthTag(sealed.subarray(sealed.length - 16));
          const plain = Buffer.concat([
            decipher.update(sealed.subarray(0, sealed.length - 16)),
            decipher.final(),
          ]);
          // The last record ends with the delimiter 0x02 and any padding zeros.
          return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;

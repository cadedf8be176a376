import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for server tests: a P-256 key made with node:crypto, an
 * attestation ("none") and assertions built byte by byte as the WebAuthn spec lays them out, and
 * real ECDSA signatures the server has to verify. Only what a platform passkey does: discoverable,
 * user verified, a signature counter that counts up.
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue> | { [key: string]: CborValue };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The few CBOR kinds WebAuthn uses: integers, byte and text strings, maps. */
export function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/** PublicKeyCredential.toJSON() of a registration, as a browser serialises it. */
export type RegistrationJSON = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
};
/** PublicKeyCredential.toJSON() of an assertion. */
export type AssertionJSON = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
  clientExtensionResults: Record<string, never>;
};

/** The form the app posts: the credential's JSON in one field, `key`. */
export function credentialForm(credential: RegistrationJSON | AssertionJSON): { key: string } {
  return { key: JSON.stringify(credential) };
}

export class SoftAuthenticator {
  readonly credentialId: Buffer;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature count; tests set it back to play a cloned key. */
  counter = 0;
  userHandle = '';
  /** Clear the UV flag to play an authenticator that did not verify its user. */
  verifiesUser = true;

  constructor(
    keys?: { privateKey: KeyObject; publicKey: KeyObject },
    credentialId: Buffer = randomBytes(16),
  ) {
    this.credentialId = credentialId;
    const pair = keys ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** A copy holding the same key and id, as a cloned authenticator would. */
  clone(): SoftAuthenticator {
    const copy = new SoftAuthenticator(
      { privateKey: this.privateKey, publicKey: this.publicKey },
      this.credentialId,
    );
    copy.counter = this.counter;
    copy.userHandle = this.userHandle;
    return copy;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, attested: Buffer | null): Buffer {
    const flags = FLAG_UP | (this.verifiesUser ? FLAG_UV : 0) | (attested ? FLAG_AT : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  /** navigator.credentials.create(): the new credential for `options` (the server's JSON), at `origin`. */
  create(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    origin: string,
  ): RegistrationJSON {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    this.userHandle = options.user.id;
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin });
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData: this.authData(rpId, attested) });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(Buffer.from(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): a signed assertion over `options.challenge`, at `origin`. */
  get(options: { challenge: string; rpId?: string }, origin: string): AssertionJSON {
    this.counter += 1;
    const rpId = options.rpId ?? new URL(origin).hostname;
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }),
    );
    const authenticatorData = this.authData(rpId, null);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  /** create() as the app posts it: the credential's JSON in the `key` field. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
    return credentialForm(this.create(options, origin));
  }

  /** get() as the app posts it. */
  assert(options: { challenge: string; rpId?: string }, origin: string) {
    return credentialForm(this.get(options, origin));
  }
}

import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { PASSKEY_TRANSPORTS, type Passkey } from '../../../domain/protocol/passkeys';
import type { PasskeyConfig } from '../../config';
import type { Db } from '../../db/client';
import { passkeys } from '../../db/schema/passkeys';
import { ApiError } from '../../http/errors';
import { isUniqueViolation, sessionUser } from '../../accounts/profile';
import { keepChallenge, takeChallenge } from './challenges';
import { ceremonyOf, originAllowed, readClientData } from './client-data';
import { MAX_PASSKEYS, passkeyByCredential, passkeyCount, passkeyOf, userPasskeys } from './store';

/** ES256 (every platform authenticator), EdDSA, RS256 (Windows Hello): fixed, not the library's choice. */
const ALGORITHMS = [-7, -8, -257];

/**
 * The user handle an authenticator stores with a passkey: the user id's digits. Not secret and
 * not personal (no email or phone), and it lets a sign-in say whose passkey it is.
 */
export function userHandleOf(userId: bigint): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(String(userId));
}

export async function registrationOptions(
  db: Db,
  config: PasskeyConfig,
  userId: bigint,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = await sessionUser(db, userId);
  const existing = await userPasskeys(db, userId);
  if (existing.length >= MAX_PASSKEYS) throw new ApiError('PASSKEY_LIMIT', { max: MAX_PASSKEYS });
  const options = await generateRegistrationOptions({
    rpName: config.rpName,
    rpID: config.rpId,
    userName: user.account,
    userID: userHandleOf(userId),
    userDisplayName: user.nickname ?? user.account,
    timeout: 120_000,
    attestationType: 'none',
    // The same authenticator twice would be one key under two names.
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row.transports),
    })),
    // Discoverable, so sign-in needs no account typed; verified (PIN, biometrics), so the
    // passkey alone is enough to sign in, as the password is.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await keepChallenge(db, options.challenge, 'register', userId);
  return options;
}

function transportsOf(stored: string): string[] {
  return stored.split(',').filter((t) => (PASSKEY_TRANSPORTS as readonly string[]).includes(t));
}

export type RegisterAnswer = {
  key: {
    id: string;
    response: { clientDataJSON: string; attestationObject: string; transports?: string[] | undefined };
  };
  name?: string | undefined;
};

/** Verifies the authenticator's attestation against the user's own challenge and stores the key. */
export async function registerPasskey(
  db: Db,
  config: PasskeyConfig,
  userId: bigint,
  answer: RegisterAnswer,
): Promise<Passkey> {
  const { id, response } = answer.key;
  const signed = readClientData(response.clientDataJSON);
  const taken = await takeChallenge(db, signed.challenge, 'register');
  if (!taken || taken.userId !== userId || !originAllowed(signed.origin, config))
    throw new ApiError('PASSKEY_FAILED');
  const transports = transportsOf((response.transports ?? []).join(','));
  let verified;
  try {
    const answer = {
      clientDataJSON: response.clientDataJSON,
      attestationObject: response.attestationObject,
      transports,
    };
    verified = await verifyRegistrationResponse({
      ...ceremonyOf(id, answer, signed, config.rpId),
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    throw new ApiError('PASSKEY_FAILED');
  }
  if (!verified.verified) throw new ApiError('PASSKEY_FAILED');
  const { credential } = verified.registrationInfo;
  if (credential.id !== id) throw new ApiError('PASSKEY_FAILED');
  if (await passkeyByCredential(db, credential.id)) throw new ApiError('PASSKEY_EXISTS');
  const held = await passkeyCount(db, userId);
  if (held >= MAX_PASSKEYS) throw new ApiError('PASSKEY_LIMIT', { max: MAX_PASSKEYS });
  try {
    const [row] = await db
      .insert(passkeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: transports.join(','),
        name: answer.name ?? `Passkey ${held + 1}`,
      })
      .returning();
    if (!row) throw new ApiError('PASSKEY_FAILED');
    return passkeyOf(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('PASSKEY_EXISTS');
    throw error;
  }
}

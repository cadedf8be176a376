import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { PASSKEY_TRANSPORTS, type Passkey } from '../../../domain/protocol/passkeys';
import type { PasskeyConfig, SecurityConfig } from '../../config';
import type { Db } from '../../db/client';
import { passkeys } from '../../db/schema/passkeys';
import { ApiError } from '../../http/errors';
import { isUniqueViolation, sessionUser } from '../../accounts/profile';
import { ceremonyOf, originAllowed, readClientData } from './client-data';
import { createWithinCap, ensureRoom } from '../../accounts/user-cap';
import { CHALLENGE_TIMEOUT_MS, keepChallenge, takeChallenge } from './challenges';
import { passkeyByCredential, passkeyCap, passkeyOf, userPasskeys } from './store';
import { claimRegistrationOptions, forgetRegistrationOptions } from './throttle';

/** ES256 (every platform authenticator), EdDSA, RS256 (Windows Hello): fixed, not the library's choice. */
const ALGORITHMS = [-7, -8, -257];

/**
 * The user handle an authenticator stores with a passkey: the user id's digits. Not secret and
 * not personal (no email or phone), and it lets a sign-in say whose passkey it is.
 */
export function userHandleOf(userId: bigint): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(String(userId));
}

/**
 * Creation options with a fresh single-use challenge that lives as long as the `timeout` the
 * browser is told. A user already at the cap hears PASSKEY_LIMIT before any challenge is stored;
 * each request is counted per user (./throttle.ts).
 */
export async function registrationOptions(
  db: Db,
  security: SecurityConfig,
  userId: bigint,
  now: number,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const config = security.passkeys;
  const user = await sessionUser(db, userId);
  const existing = await userPasskeys(db, userId);
  ensureRoom(existing.length, passkeyCap(userId));
  await claimRegistrationOptions(db, security, userId, new Date(now));
  const options = await generateRegistrationOptions({
    rpName: config.rpName,
    rpID: config.rpId,
    userName: user.account,
    userID: userHandleOf(userId),
    userDisplayName: user.nickname ?? user.account,
    timeout: CHALLENGE_TIMEOUT_MS,
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
  await keepChallenge(db, options.challenge, 'register', userId, now);
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
  now: number,
): Promise<Passkey> {
  const { id, response } = answer.key;
  const signed = readClientData(response.clientDataJSON);
  const taken = await takeChallenge(db, signed.challenge, 'register', now);
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
  try {
    const row = await createWithinCap(db, userId, passkeyCap(userId), async (tx, held) => {
      const [inserted] = await tx
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
      if (!inserted) throw new ApiError('PASSKEY_FAILED');
      return inserted;
    });
    await forgetRegistrationOptions(db, userId);
    return passkeyOf(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('PASSKEY_EXISTS');
    throw error;
  }
}

import { and, eq } from 'drizzle-orm';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { LoginAnswer } from '../../../domain/protocol/account';
import type { SecurityConfig } from '../../config';
import type { Db } from '../../db/client';
import { passkeys } from '../../db/schema/passkeys';
import { users } from '../../db/schema/users';
import { ApiError } from '../../http/errors';
import { signIn } from '../../accounts/login';
import { blockedSeconds, recordFailure, throttleKeys } from '../../accounts/throttle';
import { CHALLENGE_TIMEOUT_MS, keepChallenge, takeChallenge } from './challenges';
import { ceremonyOf, originAllowed, readClientData } from './client-data';
import { claimLoginOptions } from './throttle';
import { userHandleOf } from './register';
import { passkeyByCredential } from './store';

/**
 * Sign-in options: no account named (the passkey is discoverable), a fresh single-use challenge
 * that lives as long as the `timeout` the browser is told. Counted per address (./throttle.ts).
 */
export async function loginOptions(
  db: Db,
  security: SecurityConfig,
  ip: string,
  now: number,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await claimLoginOptions(db, security, ip, new Date(now));
  const options = await generateAuthenticationOptions({
    rpID: security.passkeys.rpId,
    timeout: CHALLENGE_TIMEOUT_MS,
    userVerification: 'required',
  });
  await keepChallenge(db, options.challenge, 'login', null, now);
  return options;
}

export type LoginAssertion = {
  key: {
    id: string;
    response: {
      clientDataJSON: string;
      authenticatorData: string;
      signature: string;
      userHandle?: string | undefined;
    };
  };
};

/**
 * Signs in with a passkey: a signature by a stored key over a challenge we handed out and have
 * not seen answered, from an allowed origin, with the user verified, and a signature count that
 * moved on (a cloned key replays an old one). The answer is the password path's very session.
 */
export async function logInWithPasskey(
  db: Db,
  security: SecurityConfig,
  assertion: LoginAssertion,
  ip: string,
  now: number,
): Promise<LoginAnswer> {
  const ipKey = throttleKeys.loginIp(ip);
  const blocked = await blockedSeconds(db, [ipKey], new Date(now));
  if (blocked > 0) throw new ApiError('LOGIN_THROTTLED', { seconds: blocked, count: blocked });
  try {
    return await verifiedSignIn(db, security, assertion, now);
  } catch (error) {
    if (error instanceof ApiError && error.key === 'PASSKEY_FAILED')
      await recordFailure(
        db,
        [{ key: ipKey, limit: security.loginFailuresPerIp, growing: true }],
        new Date(now),
      );
    throw error;
  }
}

async function verifiedSignIn(
  db: Db,
  security: SecurityConfig,
  assertion: LoginAssertion,
  now: number,
): Promise<LoginAnswer> {
  const config = security.passkeys;
  const { id, response } = assertion.key;
  const signed = readClientData(response.clientDataJSON);
  const taken = await takeChallenge(db, signed.challenge, 'login', now);
  if (!taken || !originAllowed(signed.origin, config)) throw new ApiError('PASSKEY_FAILED');
  const stored = await passkeyByCredential(db, id);
  if (!stored) throw new ApiError('PASSKEY_FAILED');
  const expectedHandle = Buffer.from(userHandleOf(stored.userId)).toString('base64url');
  if (response.userHandle !== undefined && response.userHandle !== expectedHandle)
    throw new ApiError('PASSKEY_FAILED');
  let verified;
  try {
    const answer = {
      clientDataJSON: response.clientDataJSON,
      authenticatorData: response.authenticatorData,
      signature: response.signature,
      ...(response.userHandle !== undefined ? { userHandle: response.userHandle } : {}),
    };
    verified = await verifyAuthenticationResponse({
      ...ceremonyOf(id, answer, signed, config.rpId),
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(stored.publicKey),
        counter: stored.counter,
      },
    });
  } catch {
    // A bad signature, a counter that went back, user verification missing: all one refusal.
    throw new ApiError('PASSKEY_FAILED');
  }
  if (!verified.verified) throw new ApiError('PASSKEY_FAILED');
  // Only from the count we verified against: of two sign-ins racing with one count, one moves it.
  const moved = await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, stored.id), eq(passkeys.counter, stored.counter)))
    .returning({ id: passkeys.id });
  if (moved.length === 0) throw new ApiError('PASSKEY_FAILED');
  const [user] = await db.select().from(users).where(eq(users.id, stored.userId));
  if (!user || user.status !== 1) throw new ApiError('PASSKEY_FAILED');
  return signIn(db, security, user);
}

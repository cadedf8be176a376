import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import type { LoginAnswer } from '../../domain/protocol/account';
import type { Passkey } from '../../domain/protocol/passkeys';
import { passkeyEndpoints } from '../../domain/protocol/endpoints/passkeys';
import { call } from '../api/call';
import type { RequestOptions } from '../api/request';

/**
 * The two passkey ceremonies: options from the broker, the browser's WebAuthn prompt, the answer
 * back to the broker. @simplewebauthn/browser is imported here, dynamically, so it loads with the
 * screens that offer passkeys and never with the first screen.
 */

/** Whether this browser can run a WebAuthn ceremony at all, without loading the library to ask. */
/** The screens show refusals themselves (inline or as a toast). */
const QUIET: RequestOptions = { silent: true };

export function supportsPasskeys(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.create === 'function'
  );
}

/** Starts fetching the library while the user reads the screen, so a tap does not wait for it. */
export function preloadPasskeys(): Promise<typeof WebAuthnBrowser> {
  return import('@simplewebauthn/browser');
}

/**
 * How a ceremony the browser ended is told to the user. WebAuthn reports a dismissed prompt and
 * a timeout alike (NotAllowedError), and an authenticator that already holds one of the user's
 * passkeys as InvalidStateError.
 */
export type CeremonyFailure = 'cancelled' | 'exists' | 'unsupported';

export function ceremonyFailure(error: unknown): CeremonyFailure | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return 'cancelled';
  if (error.name === 'InvalidStateError') return 'exists';
  if (error.name === 'NotSupportedError' || error.name === 'SecurityError') return 'unsupported';
  return null;
}

/** A name the user will recognise in the list: the browser and the device it runs on. */
export function deviceName(userAgent: string): string {
  const device =
    /iPhone/.exec(userAgent)?.[0] ??
    /iPad/.exec(userAgent)?.[0] ??
    (/Android/.test(userAgent) ? 'Android' : null) ??
    (/Mac OS X/.test(userAgent) ? 'Mac' : null) ??
    (/Windows/.test(userAgent) ? 'Windows' : null) ??
    (/Linux/.test(userAgent) ? 'Linux' : null);
  const browser =
    (/Edg\//.test(userAgent) ? 'Edge' : null) ??
    (/Firefox\//.test(userAgent) ? 'Firefox' : null) ??
    (/Chrome\//.test(userAgent) ? 'Chrome' : null) ??
    (/Safari\//.test(userAgent) ? 'Safari' : null);
  return [browser, device].filter((part) => part !== null).join(' · ') || 'Passkey';
}

/** Adds a passkey on this device for the signed-in user. */
export async function addPasskey(): Promise<Passkey> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    preloadPasskeys(),
    call(passkeyEndpoints.registerOptions, {}, QUIET),
  ]);
  const credential = await startRegistration({ optionsJSON });
  return call(
    passkeyEndpoints.register,
    { key: JSON.stringify(credential), name: deviceName(navigator.userAgent) },
    QUIET,
  );
}

/** Signs in with a passkey the browser offers (discoverable: no account typed). */
export async function signInWithPasskey(): Promise<LoginAnswer> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    preloadPasskeys(),
    call(passkeyEndpoints.loginOptions, {}, QUIET),
  ]);
  const credential = await startAuthentication({ optionsJSON });
  return call(passkeyEndpoints.login, { key: JSON.stringify(credential) }, QUIET);
}

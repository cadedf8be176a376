import type { PasskeyConfig } from '../../config';
import { ApiError } from '../../http/errors';

/**
 * What the browser signed about the ceremony: its challenge and the page's origin. Read before
 * verification to find the stored challenge and to pick the origin to hold the answer to; the
 * library then checks the same bytes against them.
 */
export function readClientData(clientDataJSON: string): { challenge: string; origin: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null) {
      const { challenge, origin } = parsed as Record<string, unknown>;
      if (typeof challenge === 'string' && typeof origin === 'string') return { challenge, origin };
    }
  } catch {
    // Not JSON: the same refusal as any other answer that does not verify.
  }
  throw new ApiError('PASSKEY_FAILED');
}

/**
 * Whether a ceremony may come from `origin`: one of the configured origins, or, with none
 * configured, the RP ID's own host on any port (over http only for localhost, which browsers
 * treat as secure).
 */
export function originAllowed(origin: string, config: PasskeyConfig): boolean {
  if (config.origins) return config.origins.includes(origin);
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.origin !== origin || url.hostname !== config.rpId) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && config.rpId === 'localhost');
}

/**
 * The two halves of a verification call both ceremonies make: the browser's answer as the
 * library reads a credential (its id, base64url, is also its raw id), and what it must hold to:
 * the challenge we issued, the origin allowed above, our RP ID and a verified user.
 */
export function ceremonyOf<R>(
  id: string,
  response: R,
  signed: { challenge: string; origin: string },
  rpId: string,
) {
  return {
    response: { id, rawId: id, type: 'public-key' as const, clientExtensionResults: {}, response },
    expectedChallenge: signed.challenge,
    expectedOrigin: signed.origin,
    expectedRPID: rpId,
    requireUserVerification: true,
  };
}

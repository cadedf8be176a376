import { z } from 'zod';
import type { ErrorKey } from './error-keys';
import { text } from '../validation/fields';

/**
 * Passkeys (WebAuthn) on the wire. The ceremony options travel as the JSON form browsers and
 * @simplewebauthn/browser take; the authenticator's answer comes back in one form field, as the
 * browser serialises it, and the server decodes and verifies it (server/auth/passkeys).
 */

const err = (key: ErrorKey) => ({ error: key });

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** A base64url part of an authenticator's answer, bounded so a body cannot balloon. */
function base64url(max: number) {
  return z.string().min(1).max(max).regex(BASE64URL);
}

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** What navigator.credentials.create() needs, as JSON (WebAuthn Level 3's toJSON form). */
export const registrationOptionsSchema = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
});

/** What navigator.credentials.get() needs, as JSON. */
export const authenticationOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
});

/** A passkey as its owner sees it in the list. Times are epoch ms; never used yet: null. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** What a new passkey is called when its owner gives no name. */
export const passkeyName = text({ max: 40 });

const attestationShape = z.object({
  id: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

const assertionShape = z.object({
  id: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
});

/**
 * The authenticator's answer as the browser serialises it (PublicKeyCredential.toJSON()), in one
 * form field: its parts mean nothing to a person, so any problem with them is one problem with
 * the passkey field.
 */
function credentialField<T extends z.ZodType>(shape: T) {
  return z
    .string(err('FIELD_INVALID_TYPE'))
    .min(1, err('FIELD_REQUIRED'))
    .max(24_000, err('FIELD_TOO_LONG'))
    .transform((text, ctx): z.output<T> => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const result = shape.safeParse(parsed);
      if (result.success) return result.data;
      ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID' });
      return z.NEVER;
    });
}

/** The authenticator's answer to a registration: the new credential and its attestation. */
export const passkeyRegisterSchema = z.object({
  key: credentialField(attestationShape),
  name: passkeyName.optional(),
});

/** The authenticator's answer to a sign-in: a signature over the challenge. */
export const passkeyLoginSchema = z.object({ key: credentialField(assertionShape) });

export const PASSKEY_TRANSPORTS = TRANSPORTS;

import { z } from 'zod';
import { isValidTckn } from './tckn';
import type { ErrorKey } from '../protocol/error-keys';
import { oneOf, text } from './fields';

/**
 * SPEC §5's account rules, as the one set of schemas the forms and the server both use.
 * Every schema takes the wire's strings; each failure's message is an error key.
 */

const err = (key: ErrorKey) => ({ error: key });

/** Login password: 6–20 characters (SPEC §9). Never trimmed: spaces are part of a password. */
export const loginPassword = z
  .string(err('FIELD_INVALID_TYPE'))
  .min(1, err('FIELD_REQUIRED'))
  .min(6, err('PASSWORD_LENGTH'))
  .max(20, err('PASSWORD_LENGTH'));

/** A password being checked rather than chosen: no rule to reveal, only a sane bound. */
export const anyPassword = z
  .string(err('FIELD_INVALID_TYPE'))
  .min(1, err('FIELD_REQUIRED'))
  .max(128, err('LOGIN_FAILED'));

/** Trade and withdrawal passwords: exactly 6 digits (SPEC §5). */
export const tradePassword = z
  .string(err('FIELD_INVALID_TYPE'))
  .regex(/^\d{6}$/, err('TRADE_PASSWORD_FORMAT'));
export const withdrawPassword = z
  .string(err('FIELD_INVALID_TYPE'))
  .regex(/^\d{6}$/, err('WITHDRAW_PASSWORD_FORMAT'));

/** Verification codes are 6 digits; anything else is simply a wrong code. */
export const verificationCode = z
  .string(err('FIELD_INVALID_TYPE'))
  .trim()
  .regex(/^\d{6}$/, err('CODE_INCORRECT'));

const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:.]{2,}$/;

/** An email address, lower-cased so one mailbox is one account. */
export const email = text({ max: 254 })
  .transform((s) => s.toLowerCase())
  .refine((s) => EMAIL.test(s), err('EMAIL_FORMAT'));

/** Area code as `+90` (SPEC §3 default); `90` is read the same. */
export const areaCode = z
  .string(err('FIELD_INVALID_TYPE'))
  .trim()
  .regex(/^\+?[1-9]\d{0,3}$/, err('PHONE_FORMAT'))
  .transform((s) => (s.startsWith('+') ? s : `+${s}`));

/** National number, spaces, dashes, dots and brackets allowed while typing; a leading 0 is the trunk prefix. */
export const nationalNumber = z
  .string(err('FIELD_INVALID_TYPE'))
  .transform((s) => s.replace(/[\s().-]/g, '').replace(/^0/, ''))
  .refine((s) => /^\d{6,14}$/.test(s), err('PHONE_FORMAT'));

/** Turkish mobiles are 10 digits starting with 5; other countries get the general bound. */
export function phoneIsValid(code: string, national: string): boolean {
  if (code === '+90') return /^5\d{9}$/.test(national);
  return /^\d{6,14}$/.test(national);
}

/** The canonical phone account: `+905551112233`. */
export function phoneAccount(code: string, national: string): string {
  return `${code}${national}`;
}

/** A checkbox on a form arrives as `1` when ticked. */
const ticked = (key: ErrorKey) => z.literal('1', err(key));

export const ACCOUNT_KINDS = ['email', 'phone'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * Who is signing up or in: `email` with `account` an address, or `phone` with `areaCode` and
 * `account` the national number. The result is the canonical account string.
 */
const identity = {
  accountKind: oneOf(ACCOUNT_KINDS).default('email'),
  account: text({ max: 254 }),
  areaCode: areaCode.default('+90'),
};

type IdentityInput = { accountKind: AccountKind; account: string; areaCode: string };

/**
 * A number typed or pasted whole, with the country code already chosen beside it ("+90 555 111 22
 * 33", "0090 555…", as contacts, autofill and a saved login give it): its national part. Such a
 * number was refused as a wrong format, at registration and at every login.
 */
function withoutCountryCode(account: string, code: string): string {
  const compact = account.replace(/[\s().-]/g, '');
  const digits = code.replace(/^\+/, '');
  for (const prefix of [`+${digits}`, `00${digits}`])
    if (digits !== '' && compact.startsWith(prefix)) return compact.slice(prefix.length);
  return account;
}

/** Resolves the identity fields to the canonical account, or adds the format issue. */
function canonicalAccount(value: IdentityInput, ctx: z.RefinementCtx): string {
  if (value.accountKind === 'email') {
    const parsed = email.safeParse(value.account);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'EMAIL_FORMAT', path: ['account'] });
      return '';
    }
    return parsed.data;
  }
  const national = nationalNumber.safeParse(withoutCountryCode(value.account, value.areaCode));
  if (!national.success || !phoneIsValid(value.areaCode, national.data)) {
    ctx.addIssue({ code: 'custom', message: 'PHONE_FORMAT', path: ['account'] });
    return '';
  }
  return phoneAccount(value.areaCode, national.data);
}

function passwordsMatch(password: string, confirm: string, ctx: z.RefinementCtx): void {
  if (password !== confirm)
    ctx.addIssue({ code: 'custom', message: 'PASSWORDS_MISMATCH', path: ['confirmPassword'] });
}

export const codeSendSchema = z
  .object({ ...identity, purpose: oneOf(['register', 'reset', 'email', 'tradepwd', 'withdrawpwd']) })
  .transform((v, ctx) => ({ ...v, account: canonicalAccount(v, ctx) }));

export const registerSchema = z
  .object({
    ...identity,
    code: verificationCode,
    password: loginPassword,
    confirmPassword: z.string(err('FIELD_INVALID_TYPE')),
    agree: ticked('AGREEMENT_REQUIRED'),
    inviteCode: z.string(err('FIELD_INVALID_TYPE')).trim().max(16, err('INVITE_CODE_INVALID')).optional(),
  })
  .transform((v, ctx) => {
    passwordsMatch(v.password, v.confirmPassword, ctx);
    return { ...v, account: canonicalAccount(v, ctx) };
  });

export const loginSchema = z
  .object({ ...identity, password: anyPassword })
  .transform((v, ctx) => ({ ...v, account: canonicalAccount(v, ctx) }));

export const passwordResetSchema = z
  .object({ ...identity, code: verificationCode, password: loginPassword, confirmPassword: z.string() })
  .transform((v, ctx) => {
    passwordsMatch(v.password, v.confirmPassword, ctx);
    return { ...v, account: canonicalAccount(v, ctx) };
  });

export const passwordChangeSchema = z
  .object({ oldPassword: anyPassword, password: loginPassword, confirmPassword: z.string() })
  .superRefine((v, ctx) => {
    // "Şifreniz değiştirildi" for the password already in use told the user something had changed.
    if (v.password === v.oldPassword)
      ctx.addIssue({ code: 'custom', message: 'PASSWORD_SAME', path: ['password'] });
    passwordsMatch(v.password, v.confirmPassword, ctx);
  });

/**
 * A 6-digit password anyone would try first: one digit repeated (111111) or a run up or down
 * (123456, 987654), as Turkish banks' apps refuse them. Checked when a password is set only:
 * one set before this rule still confirms.
 */
export function isSimplePin(pin: string): boolean {
  if (!/^\d{6}$/.test(pin)) return false;
  const steps = new Set<number>();
  for (let i = 1; i < pin.length; i++) steps.add(pin.charCodeAt(i) - pin.charCodeAt(i - 1));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

/**
 * Setting the first one needs the login
 * password; changing it needs the old one or a code sent to the account.
 */
export function pinChangeSchema(kind: 'trade' | 'withdraw') {
  const pin = kind === 'trade' ? tradePassword : withdrawPassword;
  return z
    .object({
      password: pin,
      confirmPassword: z.string(err('FIELD_INVALID_TYPE')),
      loginPassword: anyPassword.optional(),
      oldPassword: z.string(err('FIELD_INVALID_TYPE')).optional(),
      code: verificationCode.optional(),
    })
    .superRefine((v, ctx) => {
      // Changed with the old one, to the old one: "changed", and nothing was (a code may set any).
      if (v.oldPassword !== undefined && v.code === undefined && v.password === v.oldPassword)
        ctx.addIssue({ code: 'custom', message: 'PASSWORD_SAME', path: ['password'] });
      if (isSimplePin(v.password))
        ctx.addIssue({ code: 'custom', message: 'PIN_TOO_SIMPLE', path: ['password'] });
      passwordsMatch(v.password, v.confirmPassword, ctx);
    });
}

export const emailChangeSchema = z.object({ email, code: verificationCode });

export const autoApplySchema = z.object({ enabled: oneOf(['0', '1']) });

/** KYC certificate types (SPEC §3). */
export const CERT_TYPES = ['id_card', 'driving_licence', 'passport'] as const;
export type CertType = (typeof CERT_TYPES)[number];

/**
 * A person's name as on an identity document: at least two words of letters (any script,
 * Turkish ç ğ ı İ ö ş ü included), a word may join parts with a hyphen or apostrophe
 * (Işık-Yılmaz, O'Neil); spaces between words. No digits or other signs.
 */
const FULL_NAME =
  /^\p{L}[\p{L}\p{M}]*(?:['’-][\p{L}\p{M}]+)*(?: +\p{L}[\p{L}\p{M}]*(?:['’-][\p{L}\p{M}]+)*)+$/u;
/** Passport, ID card and licence numbers: letters, digits and hyphens (no spaces). */
const CERT_NUMBER = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

/** The text fields of POST /user/auth/submit (the two images come as files); every one capped. */
export const kycFieldsSchema = z.object({
  certType: oneOf(CERT_TYPES),
  fullName: text({ max: 100, min: 3 }).refine((s) => FULL_NAME.test(s), err('FULL_NAME_FORMAT')),
  certNumber: text({ max: 32, min: 5 }).refine((s) => CERT_NUMBER.test(s), err('CERT_NUMBER_FORMAT')),
  /** A retail investor's tax number is their T.C. identity number. */
  taxId: text({ max: 11 }).refine(isValidTckn, err('TCKN_INVALID')),
});

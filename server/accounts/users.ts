import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { email as emailSchema, loginPassword } from '../../domain/validation/account';
import type { SecurityConfig } from '../config';
import type { Db } from '../db/client';
import { kycSubmissions } from '../db/schema/kyc';
import { users } from '../db/schema/users';
import { appStateOf } from '../app-state';
import { ApiError } from '../http/errors';
import { openUserLedger } from '../ledger/accounts';
import { issueTokenPair, revokeUserSessions } from '../auth/tokens';
import { consumeCode } from './codes';
import { hashPassword } from './password';
import { isUniqueViolation, userByAccount, type UserRow } from './profile';

/** No 0/O or 1/I: invite codes are read aloud and typed by hand. */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

export type NewUser = {
  /** Canonical: an email, or `+<area><number>`. */
  account: string;
  password: string;
  inviterId?: bigint | null;
  idStatus?: 'none' | 'succ';
  /** A checked verification code, consumed in the same transaction as the user is made. */
  codeId?: bigint;
};

/**
 * Registration's one path (the API's and the operator's): the user, their own invite code,
 * the code's consumption and their ledger accounts are written together or not at all.
 */
export async function insertUser(db: Db, security: SecurityConfig, user: NewUser): Promise<UserRow> {
  const passwordHash = await hashPassword(user.password, security.scryptN);
  const kind = user.account.startsWith('+') ? 'phone' : 'email';
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            account: user.account,
            accountKind: kind,
            email: kind === 'email' ? user.account : null,
            phone: kind === 'phone' ? user.account : null,
            passwordHash,
            idStatus: user.idStatus ?? 'none',
            inviteCode: newInviteCode(),
            invitedBy: user.inviterId ?? null,
          })
          .returning();
        if (!row) throw new Error('user insert returned nothing');
        if (user.codeId !== undefined) await consumeCode(tx, user.codeId);
        await openUserLedger(tx, row.id);
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'invite_code') && attempt < 3) continue;
      if (isUniqueViolation(error)) throw new ApiError('ACCOUNT_EXISTS');
      throw error;
    }
  }
}

/** The canonical form of an operator-typed account, or FIELD_INVALID. */
function canonicalOperatorAccount(account: string): string {
  const trimmed = account.trim();
  if (/^\+[1-9]\d{6,17}$/.test(trimmed)) return trimmed;
  const parsed = emailSchema.safeParse(trimmed);
  if (!parsed.success) throw new ApiError('EMAIL_FORMAT');
  return parsed.data;
}

export type CreatedUser = {
  userId: string;
  account: string;
  password: string;
  userToken: string;
  userTokenDemo: string;
};

/** The name a verified sandbox user gets when the operator gives none. */
export const SANDBOX_NAME = 'Deneme Kullanıcı';
/** A well-formed T.C. Kimlik No (both check digits hold) that belongs to no one. */
const SANDBOX_TCKN = '10000000146';

/**
 * The operator's `create-user`: registration without a code, signed in at once. A missing
 * password is generated (and returned, so the operator can hand it over); `kyc` marks the
 * identity verified, with an approved identity record in `name` (no images), so what a verified
 * user can do next — add a bank account in their own name, withdraw — works at once.
 */
export async function createUser(
  db: Db,
  config: { security: SecurityConfig },
  options: { account: string; password?: string; kyc?: boolean; name?: string },
): Promise<CreatedUser> {
  const account = canonicalOperatorAccount(options.account);
  const password = options.password ?? randomBytes(9).toString('base64url');
  if (!loginPassword.safeParse(password).success) throw new ApiError('PASSWORD_LENGTH');
  if (await userByAccount(db, account)) throw new ApiError('ACCOUNT_EXISTS');
  const row = await insertUser(db, config.security, {
    account,
    password,
    idStatus: options.kyc ? 'succ' : 'none',
  });
  if (options.kyc)
    await db.insert(kycSubmissions).values({
      userId: row.id,
      certType: 'id_card',
      fullName: options.name ?? SANDBOX_NAME,
      certNumber: SANDBOX_TCKN,
      taxId: SANDBOX_TCKN,
      frontImageId: '',
      backImageId: '',
      status: 'succ',
      reviewedAt: new Date(),
    });
  const tokens = await issueTokenPair(db, config.security, row.id);
  return { userId: String(row.id), account, password, userToken: tokens.real, userTokenDemo: tokens.demo };
}

/** SPEC §4: a disabled user (status 0) is signed out everywhere and cannot sign in. */
export async function disableUser(db: Db, userId: bigint): Promise<void> {
  const { sessions, events } = appStateOf(db);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ status: 0, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeUserSessions(tx, sessions, userId);
  });
  events.sessionsEnded(userId);
}

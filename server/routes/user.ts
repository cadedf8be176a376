import { userEndpoints } from '../../domain/protocol/endpoints/user';
import { appStateOf, pinKeyOf } from '../app-state';
import { eq } from 'drizzle-orm';
import { checkCode, consumeCode } from '../accounts/codes';
import { hashPassword } from '../accounts/password';
import { hashPin } from '../accounts/pin-hash';
import { checkLoginPassword, checkPin, isPinOf, pinHashOf, setPinHash, type PinKind } from '../accounts/pins';
import { emailTaken, idStatusOf, isUniqueViolation, profileOf, sessionUser } from '../accounts/profile';
import { revokeUserSessions } from '../auth/tokens';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { verifiedName } from '../funding/common';
import { ApiError } from '../http/errors';
import { implementAll, type Implementation } from '../http/route';

type PinImplementation = Omit<Implementation<typeof userEndpoints.updateTradePassword>, 'tag'>;

async function profileNow(db: Db, userId: bigint) {
  return profileOf(await sessionUser(db, userId));
}

/** The two PINs are set the same way (their declarations have the same schemas). */
function pinRoute(kind: PinKind): PinImplementation {
  return {
    summary:
      `Sets the 6-digit ${kind === 'trade' ? 'transaction' : 'withdrawal'} password: the first time with ` +
      '`loginPassword`, later with `oldPassword` or a `code` (purpose ' +
      `${kind === 'trade' ? 'tradepwd' : 'withdrawpwd'})`,
    handler: async ({ input, db, config, session }) => {
      const user = await sessionUser(db, session.userId);
      let codeId: bigint | null = null;
      if (pinHashOf(user, kind) === null) {
        if (input.loginPassword === undefined)
          throw new ApiError('FIELD_REQUIRED', { field: 'loginPassword' });
        await checkLoginPassword(db, config.security, user, input.loginPassword);
      } else if (input.oldPassword !== undefined) {
        await checkPin(db, user, kind, input.oldPassword);
      } else if (input.code !== undefined) {
        const purpose = kind === 'trade' ? 'tradepwd' : 'withdrawpwd';
        codeId = await checkCode(db, config.security, { target: user.account, purpose, code: input.code });
      } else {
        throw new ApiError('FIELD_REQUIRED', { field: 'oldPassword' });
      }
      // A second secret only if it differs: the same digits would open both doors.
      const other: PinKind = kind === 'trade' ? 'withdraw' : 'trade';
      if (await isPinOf(db, user, other, input.password))
        throw new ApiError(
          kind === 'trade' ? 'TRADE_PASSWORD_SAME_AS_WITHDRAW' : 'WITHDRAW_PASSWORD_SAME_AS_TRADE',
        );
      const hash = hashPin(pinKeyOf(db), input.password);
      await db.transaction(async (tx) => {
        if (codeId !== null) await consumeCode(tx, codeId);
        await setPinHash(tx, user.id, kind, hash);
      });
      return profileNow(db, user.id);
    },
  };
}

export const userRoutes = implementAll(userEndpoints, 'user', {
  loginInfo: {
    summary: 'The signed-in user (SPEC §7): status, id, account, KYC state, auto-IPO flag',
    handler: async ({ db, session }) => {
      const user = await sessionUser(db, session.userId);
      return {
        user: {
          status: user.status,
          id: String(user.id),
          account: user.account,
          idStatus: idStatusOf(user.idStatus),
          // Only a verified identity has a name to show; the others cost no second query.
          verifiedName: user.idStatus === 'succ' ? await verifiedName(db, user.id) : null,
        },
        openAutoApply: user.openAutoApply === 1 ? (1 as const) : (0 as const),
      };
    },
  },

  info: {
    summary: "The signed-in user's profile (whether PINs are set, never their hashes)",
    handler: async ({ db, session }) => profileNow(db, session.userId),
  },

  update: {
    summary: 'Changes the nickname and whether orders need the transaction password',
    handler: async ({ input, db, session }) => {
      const user = await sessionUser(db, session.userId);
      const confirm = input.confirmOrdersWithTradePassword;
      // Turning confirmation on without a PIN would lock the user out of ordering.
      if (confirm === '1' && user.tradePasswordHash === null) throw new ApiError('TRADE_PASSWORD_NOT_SET');
      await db
        .update(users)
        .set({
          ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
          ...(confirm !== undefined ? { confirmOrdersWithTradePassword: confirm === '1' } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      return profileNow(db, user.id);
    },
  },

  updatePassword: {
    summary: 'Changes the login password; every other session ends, the one used stays',
    handler: async ({ input, db, config, session, req }) => {
      const user = await sessionUser(db, session.userId);
      await checkLoginPassword(db, config.security, user, input.oldPassword);
      const passwordHash = await hashPassword(input.password, config.security.scryptN);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await revokeUserSessions(tx, appStateOf(db).sessions, user.id, String(req.headers.accesstoken));
      });
      appStateOf(db).events.sessionsEnded(user.id);
      return {};
    },
  },

  updateEmail: {
    summary: 'Changes the email address with a code sent to the new one (purpose email)',
    handler: async ({ input, db, config, session }) => {
      const user = await sessionUser(db, session.userId);
      if (user.email === input.email) throw new ApiError('EMAIL_SAME');
      if (await emailTaken(db, input.email, user.id)) throw new ApiError('EMAIL_IN_USE');
      const codeId = await checkCode(db, config.security, {
        target: input.email,
        purpose: 'email',
        code: input.code,
      });
      try {
        await db.transaction(async (tx) => {
          await consumeCode(tx, codeId);
          // An email account signs in with its address, so the sign-in name moves with it.
          const account = user.accountKind === 'email' ? { account: input.email } : {};
          await tx
            .update(users)
            .set({ email: input.email, ...account, updatedAt: new Date() })
            .where(eq(users.id, user.id));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('EMAIL_IN_USE');
        throw error;
      }
      return profileNow(db, user.id);
    },
  },

  updateAutoApply: {
    summary: 'Turns automatic IPO subscription on (1) or off (0)',
    handler: async ({ input, db, session }) => {
      await db
        .update(users)
        .set({ openAutoApply: input.enabled === '1' ? 1 : 0, updatedAt: new Date() })
        .where(eq(users.id, session.userId));
      return profileNow(db, session.userId);
    },
  },

  updateTradePassword: pinRoute('trade'),
  updateWithdrawPassword: pinRoute('withdraw'),
});

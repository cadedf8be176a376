import { authEndpoints } from '../../domain/protocol/endpoints/auth';
import { appStateOf } from '../app-state';
import { eq } from 'drizzle-orm';
import { checkCode, consumeCode, issueCode } from '../accounts/codes';
import { logIn, signIn } from '../accounts/login';
import { hashPassword } from '../accounts/password';
import { emailTaken, sessionUser, userByAccount } from '../accounts/profile';
import { clearFailures, throttleKeys } from '../accounts/throttle';
import { insertUser } from '../accounts/users';
import { requireSession } from '../auth/session';
import { revokePairOf, revokeUserSessions } from '../auth/tokens';
import { users } from '../db/schema/users';
import { ApiError } from '../http/errors';
import { implementAll } from '../http/route';

export const authRoutes = implementAll(authEndpoints, 'auth', {
  sendCode: {
    summary:
      'Sends a 6-digit verification code to the outbox. register/reset: to `account`; email: to the new ' +
      "address in `account` (signed in); tradepwd/withdrawpwd: to the signed-in user's own account",
    handler: async ({ input, db, config, locale, req }) => {
      const security = config.security;
      switch (input.purpose) {
        case 'register':
          if (await userByAccount(db, input.account)) throw new ApiError('ACCOUNT_EXISTS');
          return issueCode(db, security, {
            target: input.account,
            purpose: 'register',
            locale,
            deliver: true,
          });
        case 'reset': {
          // An unknown account gets the same answer (and rate limit) but nothing is sent.
          const user = await userByAccount(db, input.account);
          return issueCode(db, security, {
            target: input.account,
            purpose: 'reset',
            locale,
            deliver: !!user,
          });
        }
        case 'email': {
          const session = await requireSession(db, req.headers.accesstoken);
          if (input.accountKind !== 'email') throw new ApiError('EMAIL_FORMAT', { field: 'account' });
          // Not a code for the address the account has already: the change would change nothing.
          if ((await sessionUser(db, session.userId)).email === input.account)
            throw new ApiError('EMAIL_SAME');
          if (await emailTaken(db, input.account, session.userId)) throw new ApiError('EMAIL_IN_USE');
          return issueCode(db, security, { target: input.account, purpose: 'email', locale, deliver: true });
        }
        case 'tradepwd':
        case 'withdrawpwd': {
          // Only ever to the user's own account, whatever `account` says.
          const session = await requireSession(db, req.headers.accesstoken);
          const user = await sessionUser(db, session.userId);
          return issueCode(db, security, {
            target: user.account,
            purpose: input.purpose,
            locale,
            deliver: true,
          });
        }
      }
    },
  },

  register: {
    summary: 'Registers with a verification code (purpose register) and signs in at once',
    handler: async ({ input, db, config }) => {
      if (await userByAccount(db, input.account)) throw new ApiError('ACCOUNT_EXISTS');
      let inviterId: bigint | null = null;
      const invite = input.inviteCode?.toUpperCase();
      if (invite) {
        const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, invite));
        if (!inviter) throw new ApiError('INVITE_CODE_INVALID');
        inviterId = inviter.id;
      }
      // Checked last, so a typo elsewhere does not spend one of the code's tries.
      const codeId = await checkCode(db, config.security, {
        target: input.account,
        purpose: 'register',
        code: input.code,
      });
      const user = await insertUser(db, config.security, {
        account: input.account,
        password: input.password,
        inviterId,
        codeId,
      });
      return signIn(db, config.security, user);
    },
  },

  login: {
    summary: 'Signs in: a real and a demo token (`userToken` is the real one) and the profile',
    handler: async ({ input, db, config, req }) =>
      logIn(db, config.security, { account: input.account, password: input.password, ip: req.ip }),
  },

  logout: {
    summary: 'Signs out: ends the token used and its real/demo partner',
    handler: async ({ db, session, req }) => {
      await revokePairOf(db, session.userId, String(req.headers.accesstoken));
      return {};
    },
  },

  resetPassword: {
    summary: 'Sets a forgotten login password with a code (purpose reset); ends every session',
    handler: async ({ input, db, config }) => {
      const codeId = await checkCode(db, config.security, {
        target: input.account,
        purpose: 'reset',
        code: input.code,
      });
      const user = await userByAccount(db, input.account);
      // Unknown accounts get a code nobody can read, so this is only reachable by a race.
      if (!user) throw new ApiError('CODE_INCORRECT');
      const passwordHash = await hashPassword(input.password, config.security.scryptN);
      await db.transaction(async (tx) => {
        await consumeCode(tx, codeId);
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await revokeUserSessions(tx, appStateOf(db).sessions, user.id);
      });
      appStateOf(db).events.sessionsEnded(user.id);
      // Whoever proved they own the account is not held back by someone else's guesses.
      await clearFailures(db, throttleKeys.loginAccount(user.account));
      return {};
    },
  },
});

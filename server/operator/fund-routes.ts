import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { WALLET_CASH, WALLETS } from '../../domain/protocol/account';
import { decimal, oneOf, rowId, text } from '../../domain/validation/fields';
import { users } from '../db/schema/users';
import { ApiError } from '../http/errors';
import { userBalances } from '../ledger/balances';
import { fundFromSandbox } from '../ledger/moves';
import { defineOperatorRoute } from './define';

/**
 * How real accounts get paper money until deposits land: a ledgered transfer from the
 * sandbox funding account, with the operator's reason as the memo (DECISIONS §2: nothing sets
 * a balance, not even staff).
 */
export const operatorFundRoutes = [
  defineOperatorRoute({
    path: 'fund',
    action: 'user.fund',
    input: z.object({
      userId: rowId,
      // Up to 15 whole digits (a quadrillion): 20 fit one posting but not the balances it moves
      // (the sandbox account's and the user's, NUMERIC(38,18)), a 500 from the database.
      amount: decimal().refine((s) => /^(0|[1-9]\d{0,14})(\.\d{1,18})?$/.test(s) && !/^0(\.0+)?$/.test(s), {
        error: 'FIELD_INVALID',
      }),
      reason: text({ max: 200 }),
      wallet: oneOf(WALLETS).default('stock'),
      currency: z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{2,12}$/, { error: 'FIELD_INVALID' })
        .optional(),
    }),
    target: (input) => String(input.userId),
    run: async ({ db, input }) => {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (!user) throw new ApiError('NOT_FOUND');
      const currency = input.currency ?? WALLET_CASH[input.wallet];
      const posted = await fundFromSandbox(db, {
        userId: input.userId,
        accountType: 'real',
        wallet: input.wallet,
        currency,
        amount: input.amount,
        reason: 'sandbox_funding',
        referenceType: 'operator',
        referenceId: `fund-${randomBytes(6).toString('hex')}`,
        memo: input.reason,
      });
      return {
        transactionId: String(posted.id),
        balances: await userBalances(db, input.userId, 'real'),
      };
    },
  }),
];

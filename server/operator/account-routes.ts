import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loginPassword } from '../../domain/validation/account';
import { oneOf, rowId, text } from '../../domain/validation/fields';
import { createUser, disableUser } from '../accounts/users';
import { users } from '../db/schema/users';
import { ApiError } from '../http/errors';
import { defineOperatorRoute } from './define';

/** Operator commands on accounts: ready-made users for demos and tests, and disabling one. */
export const operatorAccountRoutes = [
  defineOperatorRoute({
    path: 'create-user',
    action: 'user.create',
    input: z.object({
      account: text({ max: 254 }).optional(),
      password: loginPassword.optional(),
      kyc: oneOf(['approved']).optional(),
      /** The verified identity's full name (with kyc=approved): bank accounts must be in it. */
      name: text({ max: 100 }).optional(),
    }),
    target: (input) => input.account ?? null,
    run: async ({ db, config, input }) =>
      createUser(db, config, {
        account: input.account ?? `sandbox-${randomBytes(5).toString('hex')}@example.com`,
        ...(input.password ? { password: input.password } : {}),
        kyc: input.kyc === 'approved',
        ...(input.name ? { name: input.name } : {}),
      }),
  }),
  defineOperatorRoute({
    path: 'user-disable',
    action: 'user.disable',
    input: z.object({ userId: rowId }),
    target: (input) => String(input.userId),
    run: async ({ db, input }) => {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (!user) throw new ApiError('NOT_FOUND');
      await disableUser(db, input.userId);
      return { userId: String(input.userId), status: 0 };
    },
  }),
];

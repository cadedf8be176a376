import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { oneOf, text } from '../../domain/validation/fields';
import { createUser, disableUser } from '../accounts/users';
import { users } from '../db/schema/users';
import { ApiError } from '../http/errors';
import { defineOperatorRoute } from './define';

const userId = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/, { error: 'NUMBER_FORMAT' })
  .transform((s) => BigInt(s));

/** Operator commands on accounts: ready-made users for demos and tests, and disabling one. */
export const operatorAccountRoutes = [
  defineOperatorRoute({
    path: 'create-user',
    action: 'user.create',
    input: z.object({
      account: text({ max: 254 }).optional(),
      password: z.string().min(6).max(20).optional(),
      kyc: oneOf(['approved']).optional(),
    }),
    target: (input) => input.account ?? null,
    run: async ({ db, config, input }) =>
      createUser(db, config, {
        account: input.account ?? `sandbox-${randomBytes(5).toString('hex')}@example.com`,
        ...(input.password ? { password: input.password } : {}),
        kyc: input.kyc === 'approved',
      }),
  }),
  defineOperatorRoute({
    path: 'user-disable',
    action: 'user.disable',
    input: z.object({ userId }),
    target: (input) => String(input.userId),
    run: async ({ db, input }) => {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (!user) throw new ApiError('NOT_FOUND');
      await disableUser(db, input.userId);
      return { userId: String(input.userId), status: 0 };
    },
  }),
];

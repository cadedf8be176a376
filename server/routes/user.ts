import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ID_STATUSES, loginInfoSchema, type IdStatus } from '../../domain/protocol/user';
import { users } from '../db/schema/users';
import { sessionInvalid } from '../http/errors';
import { defineRoute } from '../http/route';

function idStatus(value: string): IdStatus {
  return (ID_STATUSES as readonly string[]).includes(value) ? (value as IdStatus) : 'none';
}

export const userRoutes = [
  defineRoute({
    method: 'GET',
    path: '/user/login/info',
    summary: 'The signed-in user (SPEC §7): status, id, account, KYC state, auto-IPO flag',
    tag: 'user',
    auth: 'user',
    input: z.object({}),
    output: loginInfoSchema,
    handler: async ({ db, session }) => {
      const rows = await db.select().from(users).where(eq(users.id, session.userId));
      const user = rows[0];
      if (!user) throw sessionInvalid();
      return {
        user: {
          status: user.status,
          id: String(user.id),
          account: user.account,
          idStatus: idStatus(user.idStatus),
        },
        openAutoApply: user.openAutoApply === 1 ? (1 as const) : (0 as const),
      };
    },
  }),
];

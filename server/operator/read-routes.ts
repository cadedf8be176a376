import { and, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { int, text } from '../../domain/validation/fields';
import { outbox, users } from '../db/schema/users';
import { operatorAudit } from '../db/schema/system';
import { verifyLedger } from '../ledger/verify';
import { defineOperatorRoute } from './define';

const limit = int({ min: 1, max: 1000 }).default(50);
const iso = (d: Date) => d.toISOString();

/** Operator reads: who the users are, what the sandbox "sent", and what staff did. */
export const operatorReadRoutes = [
  defineOperatorRoute({
    path: 'users',
    action: 'users.list',
    input: z.object({ limit }),
    run: async ({ db, input }) => {
      const rows = await db.select().from(users).orderBy(desc(users.id)).limit(input.limit);
      return rows.map((u) => ({
        id: String(u.id),
        account: u.account,
        status: u.status,
        idStatus: u.idStatus,
        createdAt: iso(u.createdAt),
      }));
    },
  }),
  defineOperatorRoute({
    path: 'outbox',
    action: 'outbox.read',
    input: z.object({ to: text({ max: 254 }).optional(), limit }),
    target: (input) => input.to ?? null,
    run: async ({ db, input }) => {
      const where: SQL[] = input.to ? [eq(outbox.target, input.to)] : [];
      const rows = await db
        .select()
        .from(outbox)
        .where(and(...where))
        .orderBy(desc(outbox.id))
        .limit(input.limit);
      return rows.map((m) => ({
        id: String(m.id),
        channel: m.channel,
        to: m.target,
        subject: m.subject,
        body: m.body,
        createdAt: iso(m.createdAt),
      }));
    },
  }),
  defineOperatorRoute({
    // The audit the test suites run after every money test, for the running books: each
    // transaction balanced, each stored balance equal to its entries, no user account negative.
    path: 'ledger-verify',
    action: 'ledger.verify',
    input: z.object({}),
    run: async ({ db }) => {
      const problems = await verifyLedger(db);
      return {
        clean: problems.length === 0,
        problems: problems.map((p) =>
          Object.fromEntries(Object.entries(p).map(([k, v]) => [k, typeof v === 'bigint' ? String(v) : v])),
        ),
      };
    },
  }),
  defineOperatorRoute({
    path: 'audit',
    action: 'audit.read',
    input: z.object({ limit }),
    run: async ({ db, input }) => {
      const rows = await db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(input.limit);
      return rows.map((a) => ({
        id: String(a.id),
        action: a.action,
        target: a.target,
        params: a.params,
        result: a.result,
        createdAt: iso(a.createdAt),
      }));
    },
  }),
];

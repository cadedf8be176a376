import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { outbox, users } from '../../server/db/schema/users';

/** An address no other test uses; the prefix tells suites apart in a failure. */
export function uniqueEmail(prefix = 'u'): string {
  return `${prefix}${randomBytes(5).toString('hex')}@example.com`;
}

/** A user row and nothing else (no password, session or ledger), for tests of one part. */
export async function bareUser(db: Db, prefix = 'ledger'): Promise<bigint> {
  const [row] = await db
    .insert(users)
    .values({ account: uniqueEmail(prefix) })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

/** The newest code "sent" to an account, read from the outbox as the operator CLI does. */
export async function latestCode(db: Db, target: string): Promise<string> {
  const [row] = await db.select().from(outbox).where(eq(outbox.target, target)).orderBy(desc(outbox.id));
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${target}`);
  return code;
}

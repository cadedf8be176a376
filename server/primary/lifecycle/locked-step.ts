import type { AccountType } from '../../../domain/protocol/account';
import type { Db } from '../../db/client';

/** A row a pass moved on (an application, a commitment): whose it is, and the news to tell them. */
export type Told<News> = { id: bigint; userId: bigint; accountType: AccountType; news: News | null };

/** Whose news it is: a row's account (a demo application's result stays in the demo inbox). */
export type NewsReader = { userId: bigint; accountType: AccountType };

type Owned = { id: bigint } & NewsReader;

/** A row as told: whose it is (its account's inbox) and the news, if any. */
export const toldOf = <News>(row: Owned, news: News | null): Told<News> => ({
  id: row.id,
  userId: row.userId,
  accountType: row.accountType,
  news,
});

/**
 * One row's step of a pass, in its own transaction: the row locked and read afresh, the step
 * run only if the fresh row still wants it (`due`), so two passes, or a pass and a user's own
 * action, never do it twice; answers the row as told, or null when nothing was done.
 */
export async function lockedStep<Row extends Owned, News>(
  db: Db,
  lock: (tx: Db) => Promise<Row | undefined>,
  due: (row: Row) => boolean,
  act: (tx: Db, row: Row) => Promise<News | null>,
): Promise<Told<News> | null> {
  return db.transaction(async (tx) => {
    const fresh = await lock(tx);
    if (!fresh || !due(fresh)) return null;
    return toldOf(fresh, await act(tx, fresh));
  });
}

/** Runs a step over each waiting row, one after another; answers the rows it moved on. */
export async function eachStep<Row, News>(
  rows: readonly Row[],
  step: (row: Row) => Promise<Told<News> | null>,
): Promise<Told<News>[]> {
  const told: Told<News>[] = [];
  for (const row of rows) {
    const done = await step(row);
    if (done) told.push(done);
  }
  return told;
}

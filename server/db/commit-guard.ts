import type pg from 'pg';

/**
 * drizzle's node-postgres `transaction()` sends COMMIT and does not read its answer. PostgreSQL
 * answers COMMIT in a transaction that a failed statement aborted with ROLLBACK, not with an
 * error: code that caught that statement's error and carried on would answer success while
 * nothing was written. (PGlite's own transaction() already throws 25P02 then; the writer's
 * batches check their COMMIT themselves, server/trading/pg-batch.ts.) Every pooled connection's
 * plain `commit` is checked here, so such a transaction fails on PostgreSQL too, whoever wrote it.
 */
export function guardCommits(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      // A callback or a submittable Query answers no promise: those pass as they are.
      if (!isCommit(args[0]) || !isThenable(result)) return result;
      return result.then((answer: unknown) => {
        const command = (answer as { command?: unknown } | undefined)?.command;
        if (command !== 'ROLLBACK') return answer;
        // The SQLSTATE PGlite and PostgreSQL give a statement in an aborted transaction.
        throw Object.assign(new Error('COMMIT answered ROLLBACK: the transaction had failed'), {
          code: '25P02',
        });
      });
    };
  });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function isCommit(config: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  // Length first: the writer's batch statements run to kilobytes, and every query passes here.
  return typeof text === 'string' && text.length < 16 && text.trim().toLowerCase() === 'commit';
}

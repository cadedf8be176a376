import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pgSchema, pgTable, text } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import { ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { insertJson, keyArray } from './json-rows';
import { toQuery } from './sql-text';

const dialect = new PgDialect();

/** Statements shaped as the batch builds them (batch.ts, json-rows.ts, the engines' reads). */
const statements: Record<string, SQL> = {
  'multi-row insert with returning': insertJson(
    ledgerTransactions,
    [
      { id: 11n, reason: 'fill', referenceType: 'spot_order', referenceId: '7', memo: `O'Brien "x"` },
      { id: 12n, reason: 'fill', referenceType: 'spot_order', referenceId: '8', memo: null },
    ],
    { overriding: true, then: sql`returning id` },
  ),
  'data-modifying WITH of several parts': sql`with ${sql.join(
    [
      sql`${sql.identifier('w0')} as (${insertJson(ledgerEntries, [{ transactionId: 11n, accountId: 5n, amount: '-1.5', currency: 'TRY' }])})`,
      sql`${sql.identifier('w1')} as (update ledger_accounts set balance = balance + ${'1.5'} where id = any(${keyArray([5n, 6n], 'bigint')}))`,
    ],
    sql`, `,
  )} select 1`,
  'one select of many reads, ids and a negative number': sql`select ${sql.join(
    [
      sql`(select json_agg(nextval(${'spot_orders_id_seq'}::regclass)::text) from generate_series(1, ${4}::int)) as ${sql.identifier('r0')}`,
      sql`(select ${-5} + ${true}::int + ${null}::int + ${10n}) as ${sql.identifier('we"ird')}`,
    ],
    sql`, `,
  )}`,
  // The ledger's prefetch and balance update (batch-ledger.ts) name their table.
  'a table, plain, in another schema and aliased': sql`select 1 from ${ledgerEntries} join ${pgSchema('we"ird').table('t', { a: text() })} on true join ${alias(pgTable('x', { a: text() }), 'y')} on ${'v'} = ${'w'}`,
  'raw text, an undefined chunk and a value': sql`${sql.raw('select ')}${sql.raw('1 + ')}${undefined}${2}`,
};

/** drizzle's answer without its typings, which node-postgres is not given by the batch. */
const drizzle = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

describe('batch statements rendered without drizzle’s general renderer (sql-text.ts)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(Object.entries(statements))('renders %s exactly as drizzle does, itself', (_, query) => {
    const expected = drizzle(query);
    const general = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const ours = toQuery(query);
    expect(general, 'the statement went to drizzle’s general renderer').not.toHaveBeenCalled();
    expect(ours).toEqual(expected);
    expect(ours.params.length).toBeGreaterThan(0);
  });

  it('leaves to drizzle what the batch never writes: a column, inlined parameters', () => {
    for (const query of [
      sql`select ${ledgerTransactions.id} from ${ledgerTransactions} where ${ledgerTransactions.memo} = ${'a'}`,
      sql`select ${'b'}`.inlineParams(),
    ])
      expect(toQuery(query)).toEqual(dialect.sqlToQuery(query));
  });
});

import Decimal from 'decimal.js';
import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerAccounts } from '../../server/db/schema/ledger';
import { ApiError } from '../../server/http/errors';
import { accountCode, systemAccount, userAccount, type AccountRef } from '../../server/ledger/account-ref';
import { postTransaction, type PostingLine } from '../../server/ledger/post';
import { verifyLedger } from '../../server/ledger/verify';
import type { Writer } from '../../server/trading/writer';
import { pick, rng, seedFromEnv } from '../support/random';
import { describePartitions } from './partition-world';

const SEED = seedFromEnv();
const START = '5000';
/** Jobs per writer: with waves of a few at a time, hundreds of batches between them. */
const JOBS = 300;
const WAVE = 4;

type Outcome = { account: 'TRY' | 'USDT'; amount: Decimal } | { refused: string } | { failed: unknown };

/**
 * docs/partitions.md: several trading partitions mean several writers, each fenced by its own
 * epoch, posting to one user's accounts at once. Two stock partitions both spend the user's TRY
 * (an order's hold in the batch's first round, as the spot engine books it; a fill's posting in a
 * later round, after the system accounts, as the matching job does), the coin partition spends
 * the USDT, and exchanges between the two run outside every writer in one posting.
 */
describePartitions(`writers of three partitions on one user's accounts (SEED=${SEED})`, (world) => {
  it('never overdraws, refuses only with INSUFFICIENT_BALANCE, never deadlocks, and the ledger verifies', async () => {
    const db = world.db;
    const random = rng(SEED);
    const userId = await world.fundedUser('partitions', [
      ['stock', 'TRY', START],
      ['coin', 'USDT', START],
    ]);
    const cash = {
      TRY: userAccount(userId, 'real', 'stock', 'TRY', 'available'),
      USDT: userAccount(userId, 'real', 'coin', 'USDT', 'available'),
    };
    const writers: { writer: Writer; currency: 'TRY' | 'USDT' }[] = [
      { writer: await world.fencedWriter(0), currency: 'USDT' },
      { writer: await world.fencedWriter(1), currency: 'TRY' },
      { writer: await world.fencedWriter(2), currency: 'TRY' },
    ];
    const outcomes: Outcome[] = [];
    const settle = async (run: Promise<Decimal>, account: 'TRY' | 'USDT') => {
      try {
        outcomes.push({ account, amount: await run });
      } catch (error) {
        outcomes.push(error instanceof ApiError ? { refused: error.key } : { failed: error });
      }
    };

    const spend = (writer: Writer, currency: 'TRY' | 'USDT', n: number, early: boolean) => {
      const amount = new Decimal(1 + Math.floor(random() * 40));
      const market = systemAccount('market', currency);
      const lines: PostingLine[] = [
        { account: cash[currency], amount: amount.neg().toFixed() },
        { account: market, amount: amount.toFixed() },
      ];
      const posting = { reason: 'trade', referenceType: 'test', referenceId: `${currency}-${n}`, lines };
      const system: AccountRef[] = [market];
      // An order's hold: every account in the batch's first statement, posted in memory.
      if (early)
        return writer.run(
          async ({ batch }) => {
            await batch.ledger.post(posting);
            return amount;
          },
          { inMemory: true, prefetch: (batch) => batch.ledger.want([cash[currency], ...system]) },
        );
      // A fill's posting: the system account first, the user's in a later round.
      return writer.run(
        async ({ tx }) => {
          await postTransaction(tx, posting);
          return amount;
        },
        { prefetch: (batch) => batch.ledger.want(system) },
      );
    };

    const exchange = async (n: number): Promise<Decimal> => {
      const [from, to] = random() < 0.5 ? (['TRY', 'USDT'] as const) : (['USDT', 'TRY'] as const);
      const amount = new Decimal(1 + Math.floor(random() * 30));
      await postTransaction(db, {
        reason: 'exchange',
        referenceType: 'test',
        referenceId: `x-${n}`,
        lines: [
          { account: cash[from], amount: amount.neg().toFixed() },
          { account: systemAccount('exchange', from), amount: amount.toFixed() },
          { account: systemAccount('exchange', to), amount: amount.neg().toFixed() },
          { account: cash[to], amount: amount.toFixed() },
        ],
      });
      exchanged[from] = exchanged[from].minus(amount);
      exchanged[to] = exchanged[to].plus(amount);
      return new Decimal(0);
    };
    const exchanged = { TRY: new Decimal(0), USDT: new Decimal(0) };

    for (let n = 0; n < JOBS; n += WAVE) {
      const wave: Promise<void>[] = [];
      for (let i = 0; i < WAVE; i++)
        for (const { writer, currency } of writers)
          wave.push(settle(spend(writer, currency, n + i, random() < 0.5), currency));
      if (pick(random, [true, false])) wave.push(settle(exchange(n), 'TRY'));
      await Promise.all(wave);
    }

    const failed = outcomes.flatMap((o) => ('failed' in o ? [o.failed] : []));
    expect(failed, `SEED=${SEED}`).toEqual([]);
    const refusals = new Set(outcomes.flatMap((o) => ('refused' in o ? [o.refused] : [])));
    expect([...refusals], `SEED=${SEED}`).toEqual(['INSUFFICIENT_BALANCE']);
    const spent = (currency: 'TRY' | 'USDT') =>
      outcomes.reduce(
        (sum, o) => ('account' in o && o.account === currency ? sum.plus(o.amount) : sum),
        new Decimal(0),
      );
    const rows = await db
      .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.code, [accountCode(cash.TRY), accountCode(cash.USDT)]));
    const balances = new Map(rows.map((row) => [row.code, new Decimal(row.balance)]));
    for (const currency of ['TRY', 'USDT'] as const) {
      const left = new Decimal(START).minus(spent(currency)).plus(exchanged[currency]);
      const balance = balances.get(accountCode(cash[currency]));
      expect(balance?.toFixed(), `${currency} SEED=${SEED}`).toBe(left.toFixed());
      expect(balance?.gte(0)).toBe(true);
    }
    const batches = writers.reduce((sum, { writer }) => sum + writer.stats().batches, 0);
    expect(batches).toBeGreaterThanOrEqual(200);
    expect(await verifyLedger(db), `SEED=${SEED}`).toEqual([]);
    for (const { writer } of writers) await writer.drain();
  }, 240_000);
});

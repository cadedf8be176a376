import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import { conditionalAddSchema, type ConditionalAddRequest } from '../../domain/protocol/conditional';
import { conditionalOrders } from '../../server/db/schema/conditional';
import { ledgerAccounts } from '../../server/db/schema/ledger';
import { accountCode, userAccount } from '../../server/ledger/account-ref';
import { createConditionalTrading, type ConditionalEngine } from '../../server/trading/conditional/engine';
import type { SpotEngine } from '../../server/trading/spot/engine';
import type { Writer } from '../../server/trading/writer';
import { instrument, scriptedSource } from '../support/scripted-source';
import type { PartitionWorld } from './partition-world';
import { MONDAY_NOON } from './spot-support';

/** One symbol in each of two stock partitions (their first and second). */
export const SYMBOLS = ['THYAO', 'ASELS'] as const;
export const START = '10000000';

type Owner = { userId: bigint; accountType: 'real' };

/**
 * Two stock partitions' conditional engines (each on its spot engine and fenced writer) over one
 * scripted market at 100.00, on a clock the test moves, and `users` users funded with START TRY.
 */
export async function twoConditionalPartitions(world: PartitionWorld, users: number) {
  let now = MONDAY_NOON;
  const clock = { now: () => now };
  const source = scriptedSource(
    SYMBOLS.map((s) => instrument(s)),
    clock.now,
  );
  for (const symbol of SYMBOLS) {
    source.setTicker(symbol, { last: '100.00', prev: '100.00' });
    source.setBook(symbol, 1, [['99.90', '1000000']], [['100.10', '1000000']]);
  }
  const failures: unknown[] = [];
  const log = { warn: () => undefined, error: (obj: object) => void failures.push(obj) };
  const writers: Writer[] = [];
  const engines: ConditionalEngine[] = [];
  const spots: SpotEngine[] = [];
  for (const [i, symbol] of SYMBOLS.entries()) {
    const { deps, spot } = await world.spotEngine(source, clock, { partition: { p: i + 1, symbol }, log });
    writers.push(deps.writer);
    spots.push(spot);
    engines.push(await world.start(createConditionalTrading(deps, spot)));
  }
  const owners: Owner[] = [];
  for (let u = 0; u < users; u++)
    owners.push({
      userId: await world.fundedUser('conditional-locks', [['stock', 'TRY', START]]),
      accountType: 'real',
    });

  const engine = (p: number) => engines[p] as ConditionalEngine;
  /** A buy stop of one lot on partition `p`'s symbol; answers its group's id. */
  const addStop = async (u: number, p: number, trigger: string, expiresAt?: number) => {
    const request: ConditionalAddRequest = {
      symbol: SYMBOLS[p] as string,
      side: 'buy',
      kind: 'stop',
      quantity: '1',
      trigger,
      ...(expiresAt === undefined ? {} : { expiresAt: String(expiresAt) }),
    };
    const [leg] = await engine(p).add(owners[u] as Owner, 'stock', conditionalAddSchema.parse(request));
    if (!leg) throw new Error('an add answers its legs');
    return BigInt(leg.groupId);
  };
  const pending = async () =>
    (
      await world.db
        .select({ id: conditionalOrders.id })
        .from(conditionalOrders)
        .where(
          and(
            inArray(
              conditionalOrders.userId,
              owners.map((o) => o.userId),
            ),
            eq(conditionalOrders.state, 'pending'),
          ),
        )
    ).length;
  /** Each user's TRY (available, frozen) as the ledger holds it. */
  const cash = async () => {
    const codes = owners.flatMap((o) =>
      (['available', 'frozen'] as const).map((b) =>
        accountCode(userAccount(o.userId, o.accountType, 'stock', 'TRY', b)),
      ),
    );
    const rows = await world.db
      .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.code, codes));
    const balance = new Map(rows.map((r) => [r.code, new Decimal(r.balance).toFixed()]));
    return codes.map((c) => balance.get(c) ?? '0');
  };
  return {
    source,
    owners,
    writers,
    spots,
    engine,
    failures,
    addStop,
    pending,
    cash,
    advance: (ms: number) => void (now += ms),
    now: () => now,
  };
}

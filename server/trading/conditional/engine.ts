import { and, eq, lte } from 'drizzle-orm';
import { ensure } from '../../../domain/assert';
import type { ConditionalOrder } from '../../../domain/protocol/conditional';
import type { Session } from '../../auth/session';
import { conditionalOrders, type ConditionalRow } from '../../db/schema/conditional';
import { confirmOrder } from '../../accounts/pins';
import { ApiError } from '../../http/errors';
import type { TradingDeps } from '../deps';
import type { SpotEngine } from '../spot/engine';
import { checkAdd, ensureConditionalRoom, type AddInput, type Checked, type Wallet } from './draft';
import { checkSellable, endLegs, freezeHold, ownGroup, pendingLegs, releaseHold } from './holds';
import { createTriggerWatch } from './watch';
import { wantHoldAccounts } from './hold-locks';
import { announceLegs, createNotifier, type Notifier } from './notify';
import { createPushes } from './pushes';
import { modifyGroup, type ModifyInput } from './modify';
import type { Batch } from '../batch';
import type { JobContext } from '../writer';
import type { MarketSource } from '../../market/source';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/owned';

/** How often waiting conditional orders are checked for expiry (on the engines' clock). */
export const CONDITIONAL_EXPIRY_MS = 1_000;

/** Conditional orders: placed with a hold, fired by the feed's trades on the owner, ended by the user or expiry. */
export type ConditionalTrading = {
  add(session: Session, wallet: Wallet, input: AddInput): Promise<ConditionalOrder[]>;
  cancel(session: Session, wallet: Wallet, id: bigint): Promise<ConditionalOrder[]>;
  /** Moves a waiting leg's trigger, limit or trailing offset; answers its group's legs. */
  modify(session: Session, wallet: Wallet, input: ModifyInput): Promise<ConditionalOrder[]>;
  /** Ends the legs whose expiry passed on the engines' clock, releasing their holds. */
  expireDue(): Promise<number>;
  /** Before a demo reset: the demo's waiting orders are cancelled, their holds back the ledgered way. */
  onDemoReset(userId: bigint): Promise<void>;
};

export type ConditionalEngine = ConditionalTrading & {
  start(): Promise<void>;
  stop(): void;
  /** Waiting triggers the index follows (tests, diagnostics). */
  armedCount(): number;
};

/** A group's legs as rows, all under its first leg's id; the hold is the first leg's. */
async function insertLegs(
  jc: JobContext,
  owner: Pick<ConditionalRow, 'userId' | 'accountType' | 'wallet' | 'symbol'>,
  { legs, hold }: Pick<Checked, 'legs' | 'hold'>,
  expiresAt: number | null,
  now: number,
) {
  const written: ConditionalRow[] = [];
  let groupId: bigint | null = null;
  for (const leg of legs) {
    const [row]: ConditionalRow[] = await jc.tx
      .insert(conditionalOrders)
      .values({
        ...owner,
        groupId,
        kind: leg.kind,
        side: leg.side,
        quantity: leg.quantity,
        triggerPrice: leg.trigger,
        limitPrice: leg.limit,
        trailBy: leg.trail?.by ?? null,
        trailValue: leg.trail?.value ?? null,
        best: leg.best,
        frozen: groupId === null ? hold : '0',
        state: 'pending',
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const inserted: ConditionalRow = ensure(row, 'an insert returns its row');
    written.push(inserted);
    groupId ??= inserted.id;
  }
  const group = ensure(groupId, 'a group has a leg');
  const [updated] = await jc.tx
    .update(conditionalOrders)
    .set({ groupId: group })
    .where(eq(conditionalOrders.id, group))
    .returning();
  const first = ensure(updated, "the group's first leg is written");
  written[0] = first;
  return { first, groupId: group, written };
}

/** The groups of a user's demo account that still wait. */
function demoGroups(jc: JobContext, userId: bigint) {
  return jc.tx
    .selectDistinct({ groupId: conditionalOrders.groupId, symbol: conditionalOrders.symbol })
    .from(conditionalOrders)
    .where(
      and(
        ownedBy(conditionalOrders, { userId, accountType: 'demo' }),
        eq(conditionalOrders.state, 'pending'),
      ),
    );
}

/** What ending a group needs besides the writer's job: the hold's instrument, the index, the telling. */
type Ends = {
  market: MarketSource;
  disarm: (rows: readonly ConditionalRow[]) => void;
  notifier: Notifier;
};

/** Ends each group's pending legs, releasing their hold; how many legs ended. */
async function endGroups(
  jc: JobContext,
  { market, disarm, notifier }: Ends,
  groups: readonly { groupId: bigint | null }[],
  state: 'cancelled' | 'expired',
  reason: (leg: ConditionalRow) => string,
  now: number,
): Promise<number> {
  let n = 0;
  for (const { groupId } of groups) {
    if (groupId === null) continue;
    const legs = await pendingLegs(jc, groupId);
    const [lead] = legs;
    if (!lead) continue;
    await releaseHold(jc, legs, market.instrument(lead.symbol));
    const ended = await endLegs(jc, legs, state, reason, now);
    // An expiry is news the user did not make; a demo reset's cancellations they asked for.
    if (state === 'expired') await notifier.tell(jc, { kind: 'expired', legs: ended });
    else announceLegs(jc, ended);
    jc.afterCommit(() => disarm(ended));
    n += ended.length;
  }
  return n;
}

/** The groups with a pending leg whose expiry passed, with their owners. */
function dueGroups(db: Db, now: number) {
  return db
    .selectDistinct({
      groupId: conditionalOrders.groupId,
      symbol: conditionalOrders.symbol,
      userId: conditionalOrders.userId,
      accountType: conditionalOrders.accountType,
      wallet: conditionalOrders.wallet,
    })
    .from(conditionalOrders)
    .where(and(eq(conditionalOrders.state, 'pending'), lte(conditionalOrders.expiresAt, now)));
}

/** What placing a group needs from its engine: the trading deps, the spot rules and the trigger watch. */
type Adding = Pick<TradingDeps, 'db' | 'market' | 'writer' | 'clock'> & {
  spot: SpotEngine;
  arm: ReturnType<typeof createTriggerWatch>['arm'];
};

/** Checks and places a conditional group: legs written, hold frozen, triggers armed after commit. */
async function addGroup(
  adding: Adding,
  session: Session,
  wallet: Wallet,
  input: AddInput,
): Promise<ConditionalOrder[]> {
  const { db, market, writer, clock, spot, arm } = adding;
  const now = clock.now();
  const checked = checkAdd(market, spot.settings(), wallet, input, now);
  await confirmOrder(db, session.userId, input.tradePassword);
  const { instrument, hold, held } = checked;
  // In the batch's first round: the user's row, so the cap's count and these legs are alone across
  // partitions (draft.ts ensureConditionalRoom), and the stock cash two stock partitions share.
  const cap = {
    prefetch: (batch: Batch) => {
      batch.lockUser(session.userId);
      batch.ledger.wantWallets(session, [wallet]);
    },
  };
  return writer.run(async (jc) => {
    const owner = {
      userId: session.userId,
      accountType: session.accountType,
      wallet,
      symbol: instrument.symbol,
    };
    await ensureConditionalRoom(jc.tx, session);
    if (input.side === 'sell')
      await checkSellable(jc, session, wallet, instrument, held, input.quantity, now);
    const { first, groupId, written } = await insertLegs(jc, owner, checked, input.expiresAt ?? null, now);
    await freezeHold(jc, first, groupId, instrument, hold);
    jc.afterCommit(() => written.forEach(arm));
    // The user's other screens (another tab, another device) list it too; the add answers it.
    return announceLegs(jc, written);
  }, cap);
}

export function createConditionalTrading(deps: TradingDeps, spot: SpotEngine): ConditionalEngine {
  const { db, market, writer, clock } = deps;
  // A group's legs share its symbol: a cluster's partition ends only the groups it trades.
  const holds = deps.holds ?? (() => true);
  const ours = <T extends { symbol: string }>(groups: T[]) => groups.filter((g) => holds(g.symbol));
  const pushes = createPushes(deps);
  const notifier = createNotifier(pushes, clock);
  const watch = createTriggerWatch(deps, spot, notifier);
  const { arm, disarm } = watch;
  const ends: Ends = { market, disarm, notifier };

  async function cancel(session: Session, wallet: Wallet, id: bigint): Promise<ConditionalOrder[]> {
    // The hold's wallet in the batch's first round (docs/partitions.md, "Lock order").
    const release = { prefetch: (batch: Batch) => batch.ledger.wantWallets(session, [wallet]) };
    return writer.run(async (jc) => {
      const { row, legs } = await ownGroup(jc, session, wallet, id);
      if (!legs.some((l) => l.id === id)) throw new ApiError('CONDITIONAL_NOT_CANCELLABLE');
      await releaseHold(jc, legs, market.instrument(row.symbol));
      const ended = await endLegs(jc, legs, 'cancelled', (l) => (l.id === id ? 'user' : 'oco'), clock.now());
      jc.afterCommit(() => disarm(ended));
      return announceLegs(jc, ended);
    }, release);
  }

  let expiring = false;
  async function expireDue(): Promise<number> {
    if (expiring) return 0;
    expiring = true;
    try {
      // The pushes a node wrote and did not send (it stopped first) go with the expiry job's beat.
      void pushes.sweep().catch((error: unknown) => deps.log?.error({ err: error }, 'push sweep failed'));
      const now = clock.now();
      const due = ours(await dueGroups(db, now));
      if (due.length === 0) return 0;
      // Every owner's accounts in the batch's first round (hold-locks.ts).
      return await writer.run((jc) => endGroups(jc, ends, due, 'expired', () => 'expired', now), {
        prefetch: (batch) => due.forEach((group) => wantHoldAccounts(batch, market, group)),
      });
    } finally {
      expiring = false;
    }
  }

  async function onDemoReset(userId: bigint): Promise<void> {
    await writer.run(
      async (jc) => {
        const groups = ours(await demoGroups(jc, userId));
        await endGroups(jc, ends, groups, 'cancelled', () => 'demo_reset', clock.now());
      },
      {
        prefetch: (batch: Batch) =>
          batch.ledger.wantWallets({ userId, accountType: 'demo' }, ['stock', 'coin']),
      },
    );
  }

  return {
    add: (session, wallet, input) =>
      addGroup({ db, market, writer, clock, spot, arm }, session, wallet, input),
    cancel,
    modify: (session, wallet, input) =>
      modifyGroup({ db, market, writer, clock, spot, arm, disarm }, session, wallet, input),
    expireDue,
    onDemoReset,
    start: watch.start,
    stop: watch.stop,
    armedCount: watch.armedCount,
  };
}

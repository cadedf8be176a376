import type Decimal from 'decimal.js';
import { settleClose } from '../../../domain/contracts/close-estimate';
import type { Db } from '../../db/client';
import { systemAccount, userAccount } from '../../ledger/account-ref';
import { postTransaction, type PostingLine } from '../../ledger/post';
import type { RunOptions } from '../writer';
import type { Position } from './position';

/**
 * The contract wallet's postings (all USDT). A position's margin sits in the contract wallet's
 * frozen bucket; its PnL and funding settle against system `market` (every fill's
 * counterparty), its fees go to system `fees`. Lines of zero are left out (the ledger refuses them).
 */
const CASH = 'USDT';
const ref = (p: Position) => ({ referenceType: 'contract_position', referenceId: String(p.id) });
const available = (p: Position) => userAccount(p.userId, p.accountType, 'contract', CASH, 'available');
const frozen = (p: Position) => userAccount(p.userId, p.accountType, 'contract', CASH, 'frozen');
const market = systemAccount('market', CASH);
const fees = systemAccount('fees', CASH);

function lines(list: [PostingLine['account'], Decimal][]): PostingLine[] {
  return list.filter(([, amount]) => !amount.isZero()).map(([account, amount]) => ({ account, amount }));
}

/**
 * A contract job's writer options: it posts to the market and fees accounts in a round of its own
 * (a savepoint, after other jobs of its batch), so it names them for the batch's first round of
 * locks (docs/partitions.md, "Lock order").
 */
export const POSTS_TO_SYSTEM: RunOptions = { prefetch: (batch) => batch.ledger.want([market, fees]) };

/** Opening: the margin from available to frozen, the opening fee from available to `fees`. */
export async function postOpen(tx: Db, p: Position, memo: string): Promise<bigint> {
  const posted = await postTransaction(tx, {
    reason: 'contract_open',
    ...ref(p),
    memo,
    lines: lines([
      [available(p), p.margin.plus(p.openFee).neg()],
      [frozen(p), p.margin],
      [fees, p.openFee],
    ]),
  });
  return posted.id;
}

export type Settlement = {
  /** The margin this close releases. */
  margin: Decimal;
  /** The fills' PnL against the entry (negative: a loss). */
  pnl: Decimal;
  /** What the close costs before the margin's limit: closing fee (+ liquidation fee). */
  fees: Decimal;
};

/**
 * What a close returns, with negative-balance protection: the user gets back
 * max(0, margin + pnl − fees), the fees take what is left after the loss, and anything the loss
 * exceeds the margin by is the market's (the system's shortfall), never the user's.
 */
export function settle(s: Settlement): { credit: Decimal; feesCharged: Decimal; marketLine: Decimal } {
  // The close confirmation estimates with the same function (domain/contracts/close-estimate).
  const { credit, feesCharged } = settleClose(s);
  // margin = credit + fees + what the market gains (negative: what it pays out).
  return { credit, feesCharged, marketLine: s.margin.minus(credit).minus(feesCharged) };
}

export async function postClose(
  tx: Db,
  p: Position,
  s: Settlement,
  reason: string,
  memo: string,
): Promise<{ credit: Decimal; feesCharged: Decimal; txId: bigint }> {
  const { credit, feesCharged, marketLine } = settle(s);
  const posted = await postTransaction(tx, {
    reason,
    ...ref(p),
    memo,
    lines: lines([
      [frozen(p), s.margin.neg()],
      [available(p), credit],
      [fees, feesCharged],
      [market, marketLine],
    ]),
  });
  return { credit, feesCharged, txId: posted.id };
}

export async function postAddMargin(tx: Db, p: Position, amount: Decimal): Promise<void> {
  await postTransaction(tx, {
    reason: 'contract_margin',
    ...ref(p),
    memo: `add margin ${p.symbol}`,
    lines: lines([
      [available(p), amount.neg()],
      [frozen(p), amount],
    ]),
  });
}

/** Funding out of (paid > 0) or into (paid < 0) the position's margin, against the market. */
export async function postFunding(tx: Db, p: Position, paid: Decimal, memo: string): Promise<bigint> {
  const posted = await postTransaction(tx, {
    reason: 'contract_funding',
    ...ref(p),
    memo,
    lines: lines([
      [frozen(p), paid.neg()],
      [market, paid],
    ]),
  });
  return posted.id;
}

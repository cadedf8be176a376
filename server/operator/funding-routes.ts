import { and, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { decimal, int, oneOf, rowId, text } from '../../domain/validation/fields';
import { deposits, withdrawals } from '../db/schema/funding';
import { ApiError } from '../http/errors';
import { canonical } from '../ledger/decimal';
import { confirmCoinDeposit, creditChainTransfer } from '../funding/coin-funding';
import { approveDeposit, approveWithdrawal, rejectDeposit, rejectWithdrawal } from '../funding/decide';
import { defineOperatorRoute } from './define';

const STATUS = oneOf(['pending', 'success', 'failed', 'cancelled']).default('pending');
const by = 'operator';
const summary = (row: { id: bigint; status: string; amount: string; currency: string; userId: bigint }) => ({
  id: String(row.id),
  userId: String(row.userId),
  status: row.status,
  amount: canonical(row.amount),
  currency: row.currency,
});

/**
 * Staff decide funding requests through the CLI (DECISIONS §2: no admin screen); every call is
 * audited by the operator API. Approving posts to the ledger; rejecting says why to the user.
 */
export const operatorFundingRoutes = [
  defineOperatorRoute({
    path: 'deposits',
    action: 'funding.deposits',
    input: z.object({ status: STATUS, limit: int({ min: 1, max: 500 }).default(50) }),
    run: async ({ db, input }) => {
      const rows = await db
        .select()
        .from(deposits)
        .where(eq(deposits.status, input.status))
        .orderBy(desc(deposits.id))
        .limit(input.limit);
      return rows.map((r) => ({
        ...summary(r),
        kind: r.kind,
        referenceCode: r.referenceCode,
        payerName: r.payerName,
        chain: r.chain,
        txHash: r.txHash,
        createdAt: r.createdAt,
      }));
    },
  }),
  defineOperatorRoute({
    path: 'withdrawals',
    action: 'funding.withdrawals',
    input: z.object({ status: STATUS, limit: int({ min: 1, max: 500 }).default(50) }),
    run: async ({ db, input }) => {
      const where: SQL[] = [eq(withdrawals.status, input.status)];
      const rows = await db
        .select()
        .from(withdrawals)
        .where(and(...where))
        .orderBy(desc(withdrawals.id))
        .limit(input.limit);
      return rows.map((r) => ({
        ...summary(r),
        kind: r.kind,
        fee: canonical(r.fee),
        receive: canonical(r.receive),
        bankCardId: r.bankCardId === null ? null : String(r.bankCardId),
        chain: r.chain,
        address: r.address,
        createdAt: r.createdAt,
      }));
    },
  }),
  defineOperatorRoute({
    path: 'deposit-receipt',
    action: 'funding.deposit.receipt',
    input: z.object({ id: rowId }),
    target: (input) => String(input.id),
    // The offline deposit's receipt image, so staff see it before deciding (base64, its sniffed type).
    run: async ({ db, input }) => {
      const [row] = await db
        .select({ mime: deposits.receiptMime, receipt: deposits.receipt })
        .from(deposits)
        .where(eq(deposits.id, input.id));
      if (!row) throw new ApiError('DEPOSIT_NOT_FOUND');
      if (!row.receipt || !row.mime) throw new ApiError('RECEIPT_REQUIRED');
      return { id: String(input.id), mime: row.mime, base64: row.receipt.toString('base64') };
    },
  }),
  defineOperatorRoute({
    path: 'deposit-approve',
    action: 'funding.deposit.approve',
    input: z.object({ id: rowId }),
    target: (input) => String(input.id),
    run: async ({ db, input, now }) => summary(await approveDeposit({ db, now: now(), by }, input.id)),
  }),
  defineOperatorRoute({
    path: 'deposit-reject',
    action: 'funding.deposit.reject',
    input: z.object({ id: rowId, reason: text({ max: 200 }) }),
    target: (input) => String(input.id),
    run: async ({ db, input, now }) =>
      summary(await rejectDeposit({ db, now: now(), by }, input.id, input.reason)),
  }),
  defineOperatorRoute({
    path: 'withdrawal-approve',
    action: 'funding.withdrawal.approve',
    input: z.object({ id: rowId, txHash: text({ max: 100 }).optional() }),
    target: (input) => String(input.id),
    run: async ({ db, input, now }) =>
      summary(await approveWithdrawal({ db, now: now(), by }, input.id, input.txHash)),
  }),
  defineOperatorRoute({
    path: 'withdrawal-reject',
    action: 'funding.withdrawal.reject',
    input: z.object({ id: rowId, reason: text({ max: 200 }) }),
    target: (input) => String(input.id),
    run: async ({ db, input, now }) =>
      summary(await rejectWithdrawal({ db, now: now(), by }, input.id, input.reason)),
  }),
  defineOperatorRoute({
    path: 'chain-confirm',
    action: 'funding.chain.confirm',
    input: z.object({ txHash: text({ max: 100 }) }),
    target: (input) => input.txHash,
    run: async ({ db, input, now }) =>
      summary(await confirmCoinDeposit({ db, now: now(), by }, input.txHash)),
  }),
  defineOperatorRoute({
    path: 'chain-credit',
    action: 'funding.chain.credit',
    input: z.object({
      chain: text({ max: 20 }),
      address: text({ max: 120 }),
      currency: text({ max: 20 }),
      amount: decimal(),
      txHash: text({ max: 100 }),
    }),
    target: (input) => input.txHash,
    run: async ({ db, input, now }) => summary(await creditChainTransfer({ db, now: now(), by }, input)),
  }),
];

import { and, count, eq, inArray } from 'drizzle-orm';
import { fundingDecimals } from '../../domain/funding/amounts';
import type { Deposit, FundingBlock, RechargeChannels, RechargeStatus } from '../../domain/protocol/funding';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { deposits } from '../db/schema/funding';
import { ApiError } from '../http/errors';
import { canonical } from '../ledger/decimal';
import { sniffImage } from '../kyc/sniff';
import { readSetting } from '../settings';
import {
  checkAmount,
  fundingHours,
  idOf,
  referenceCodeOf,
  requireOpen,
  requireReal,
  verifiedName,
  type FundingEnv,
} from './common';
import { pageRows, requestPage, requestText, type RequestListQuery } from './request-page';

type DepositRow = typeof deposits.$inferSelect;

export async function rechargeChannels(env: FundingEnv, session: Session): Promise<RechargeChannels> {
  const funding = await readSetting(env.db, 'funding');
  return {
    channels: funding.channels.map((c) => ({
      ...c,
      currency: 'TRY' as const,
      minAmount: funding.deposit.min,
      maxAmount: funding.deposit.max,
    })),
    referenceCode: referenceCodeOf(session.userId),
    hours: await fundingHours(env),
  };
}

async function pendingCount(db: Db, userId: bigint): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deposits)
    // The TRY screen's count: bank and offline requests, not crypto transfers.
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.status, 'pending'),
        inArray(deposits.kind, ['bank', 'offline']),
      ),
    );
  return row?.n ?? 0;
}

export async function rechargeStatus(env: FundingEnv, session: Session): Promise<RechargeStatus> {
  const funding = await readSetting(env.db, 'funding');
  const hours = await fundingHours(env);
  const blocks: FundingBlock[] = [];
  if (session.accountType !== 'real') blocks.push('DEMO_NOT_ALLOWED');
  if (!hours.open) blocks.push('FUNDING_CLOSED');
  return {
    hours,
    currency: 'TRY',
    minAmount: funding.deposit.min,
    maxAmount: funding.deposit.max,
    pending: await pendingCount(env.db, session.userId),
    blocks,
  };
}

export type RechargeInput = {
  channelId: string;
  amount: string;
  method: 'bank' | 'offline';
  payerName?: string | undefined;
  receipt?: Uint8Array | undefined;
};

/**
 * A bank transfer the user says they made, or an offline deposit with its receipt: a pending
 * request, credited only when the operator (or the sandbox simulator) approves it.
 */
export async function addDeposit(env: FundingEnv, session: Session, input: RechargeInput): Promise<Deposit> {
  requireReal(session);
  const funding = await readSetting(env.db, 'funding');
  const channel = funding.channels.find((c) => c.id === input.channelId);
  if (!channel) throw new ApiError('CHANNEL_NOT_FOUND');
  checkAmount(input.amount, { ...funding.deposit, decimals: fundingDecimals('TRY') }, 'TRY');
  await requireOpen(env);
  let receiptMime: string | null = null;
  if (input.method === 'offline') {
    if (!input.receipt || input.receipt.length === 0) throw new ApiError('RECEIPT_REQUIRED');
    // KYC's rules: the bytes say what the file is, and only the three image formats pass.
    receiptMime = sniffImage(input.receipt);
    if (!receiptMime) throw new ApiError('IMAGE_TYPE', { field: 'receipt' });
  }
  const payerName = input.payerName ?? (await verifiedName(env.db, session.userId));
  const [row] = await env.db
    .insert(deposits)
    .values({
      userId: session.userId,
      kind: input.method,
      wallet: 'stock',
      currency: 'TRY',
      amount: input.amount,
      channelId: channel.id,
      referenceCode: referenceCodeOf(session.userId),
      payerName,
      receiptMime,
      receipt: input.receipt && receiptMime ? Buffer.from(input.receipt) : null,
      createdAt: env.now,
    })
    .returning();
  if (!row) throw new Error('deposit insert returned nothing');
  return depositWire(env.db, row);
}

export async function depositWire(db: Db, row: DepositRow): Promise<Deposit> {
  const channels = row.channelId ? (await readSetting(db, 'funding')).channels : [];
  const channel = channels.find((c) => c.id === row.channelId);
  return {
    id: String(row.id),
    kind: row.kind as Deposit['kind'],
    currency: row.currency,
    amount: canonical(row.amount),
    status: row.status as Deposit['status'],
    channel: channel ? { id: channel.id, bankName: channel.bankName, iban: channel.iban } : null,
    referenceCode: row.referenceCode,
    hasReceipt: row.receiptMime !== null,
    ...requestText(row),
    transactionId: idOf(row.transactionId),
  };
}

/** One deposit (another user's id: DEPOSIT_NOT_FOUND) or a page, newest first, of these kinds. */
export function listDeposits(db: Db, session: Session, kinds: string[], q: RequestListQuery) {
  return requestPage(
    db,
    session,
    deposits,
    kinds,
    q,
    'DEPOSIT_NOT_FOUND',
    (f) => pageRows(db.select().from(deposits).$dynamic(), f),
    (row) => depositWire(db, row),
  );
}

import { and, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { coinWithdrawFee, fundingDecimals } from '../../domain/funding/amounts';
import { isTxHashFor, txHashKey } from '../../domain/funding/chains';
import type { Deposit } from '../../domain/protocol/funding';
import { isUniqueViolation } from '../accounts/profile';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { deposits } from '../db/schema/funding';
import { ApiError } from '../http/errors';
import { withUnits } from '../i18n';
import { fitsLedger } from '../ledger/decimal';
import { readSetting } from '../settings';
import { depositAddressOwner, ownDepositAddress, ownWithdrawAddress } from './coin-addresses';
import { coinChain } from './coins';
import { checkAmount, fundingHours, requireReal, type FundingEnv } from './common';
import { approveDeposit, type Decider } from './decide';
import { depositWire } from './deposits';
import { availableOf, checkWithdrawer, confirmPin, placeWithdrawal, withdrawalWire } from './withdrawals';

/** What can be deposited and withdrawn, on which chains, on what terms. */
export async function rechargeCoins(env: FundingEnv) {
  const { coins } = await readSetting(env.db, 'coinFunding');
  return { list: coins, hours: await fundingHours(env) };
}

async function insertDeposit(db: Db, values: typeof deposits.$inferInsert) {
  try {
    const [row] = await db.insert(deposits).values(values).returning();
    if (!row) throw new Error('deposit insert returned nothing');
    return row;
  } catch (error) {
    if (isUniqueViolation(error, 'deposits_tx_unique')) throw new ApiError('TX_HASH_USED');
    throw error;
  }
}

export type CoinReport = { currency: string; chain: string; amount: string; txHash: string };

/**
 * A transfer the user sent to their deposit address, reported by its
 * hash; pending until the operator or the chain simulator confirms it, then credited once.
 */
export async function reportCoinDeposit(
  env: FundingEnv,
  session: Session,
  input: CoinReport,
): Promise<Deposit> {
  requireReal(session);
  const { db } = env;
  const { chain } = await coinChain(db, input.currency, input.chain);
  if (!chain.depositEnabled) throw new ApiError('CHAIN_NOT_SUPPORTED');
  checkAmount(
    input.amount,
    { min: chain.minDeposit, decimals: fundingDecimals(input.currency) },
    input.currency,
  );
  // A report has a minimum but no maximum: 21 digits failed the row's NUMERIC(38,18) (a 500).
  if (!fitsLedger(input.amount)) throw new ApiError('FIELD_INVALID', { field: 'amount' });
  if (!isTxHashFor(input.chain, input.txHash)) throw new ApiError('TX_HASH_FORMAT', { chain: input.chain });
  const own = await ownDepositAddress(db, session.userId, input.currency, input.chain);
  const row = await insertDeposit(db, {
    userId: session.userId,
    kind: 'crypto',
    wallet: 'coin',
    currency: input.currency,
    amount: input.amount,
    chain: input.chain,
    address: own,
    txHash: txHashKey(input.txHash),
    createdAt: env.now,
  });
  return depositWire(db, row);
}

export type CoinWithdrawInput = { addressId: bigint; amount: string; withdrawPassword: string };

/** A coin from the currency wallet to a saved address, the chain's fee. */
export async function addCoinWithdrawal(env: FundingEnv, session: Session, input: CoinWithdrawInput) {
  const user = await checkWithdrawer(env, session);
  const saved = await ownWithdrawAddress(env.db, session.userId, input.addressId);
  const { chain } = await coinChain(env.db, saved.currency, saved.chain);
  if (!chain.withdrawEnabled) throw new ApiError('CHAIN_NOT_SUPPORTED');
  checkAmount(
    input.amount,
    { min: chain.minWithdraw, decimals: fundingDecimals(saved.currency) },
    saved.currency,
  );
  const { fee, receive } = coinWithdrawFee(input.amount, chain.withdrawFee);
  if (new Decimal(receive).lte(0))
    throw new ApiError('FEE_EXCEEDS_AMOUNT', withUnits({ fee }, { fee: saved.currency }));
  const available = await availableOf(env.db, session.userId, 'coin', saved.currency, env.now);
  if (new Decimal(available).lt(input.amount)) throw new ApiError('INSUFFICIENT_BALANCE');
  await confirmPin(env, user, input.withdrawPassword);
  const row = await placeWithdrawal(env, {
    userId: session.userId,
    kind: 'crypto',
    wallet: 'coin',
    currency: saved.currency,
    amount: input.amount,
    fee,
    receive,
    chain: saved.chain,
    address: saved.address,
    memo: saved.memo,
    createdAt: env.now,
  });
  return withdrawalWire(env.db, row);
}

/** The operator's (or simulator's) confirmation of a reported transfer, by its hash. */
export async function confirmCoinDeposit(d: Decider, txHash: string) {
  const [row] = await d.db
    .select({ id: deposits.id, status: deposits.status })
    .from(deposits)
    .where(and(eq(deposits.kind, 'crypto'), eq(deposits.txHash, txHashKey(txHash))));
  if (!row) throw new ApiError('DEPOSIT_NOT_FOUND');
  return approveDeposit(d, row.id);
}

export type ChainTransfer = {
  chain: string;
  address: string;
  currency: string;
  amount: string;
  txHash: string;
};

/**
 * A transfer seen on the chain to a deposit address, reported or not: a reported one is
 * confirmed; otherwise a deposit is recorded for the address's owner and credited at once.
 */
export async function creditChainTransfer(d: Decider, t: ChainTransfer) {
  if (!isTxHashFor(t.chain, t.txHash)) throw new ApiError('TX_HASH_FORMAT', { chain: t.chain });
  const [reported] = await d.db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.chain, t.chain), eq(deposits.txHash, txHashKey(t.txHash))));
  if (reported) return approveDeposit(d, reported.id);
  const owner = await depositAddressOwner(d.db, t.chain, t.address);
  if (!owner || owner.currency !== t.currency) throw new ApiError('ADDRESS_NOT_FOUND');
  checkAmount(t.amount, { min: '0', decimals: fundingDecimals(t.currency) }, t.currency);
  const row = await insertDeposit(d.db, {
    userId: owner.userId,
    kind: 'crypto',
    wallet: 'coin',
    currency: t.currency,
    amount: t.amount,
    chain: t.chain,
    address: owner.address,
    txHash: txHashKey(t.txHash),
    createdAt: d.now,
  });
  return approveDeposit(d, row.id);
}

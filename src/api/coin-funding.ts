import { fundingBankEndpoints } from '../../domain/protocol/endpoints/funding-bank';
import { fundingCoinEndpoints } from '../../domain/protocol/endpoints/funding-coin';
import { z } from 'zod';
import type { Page } from '../../domain/protocol/envelope';
import {
  type Deposit,
  type DepositAddress,
  depositAddressAnswerSchema,
  depositAddressSchema,
  depositPageSchema,
  depositSchema,
  type FundingStatus,
  type WithdrawAddress,
  type Withdrawal,
  withdrawalPageSchema,
  withdrawalSchema,
} from '../../domain/protocol/funding';
import { request, type RequestOptions } from './request';
import { call } from './call';

/**
 * Crypto funding: the coins and chains with their terms, deposit addresses, reported
 * deposits, saved withdrawal addresses, crypto withdrawals, their records and the cancel of a
 * pending withdrawal. Every answer is checked against domain/protocol/funding.ts.
 */

export function getRechargeCoins(options?: RequestOptions) {
  return call(fundingBankEndpoints.coins, {}, options);
}

export type CoinChainQuery = { currency: string; chain: string };

/** The user's deposit address on a chain, or null until it is generated. */
export async function getDepositAddress(
  query: CoinChainQuery,
  options?: RequestOptions,
): Promise<DepositAddress | null> {
  return (await call(fundingCoinEndpoints.depositAddress, query, options)).address;
}

// The contract names the generated address, not its wrapping: the answer is read either as the
// address itself or as /coin/recharge/address's `{ address }`, so both readings of it work.
const generatedSchema = z.union([
  depositAddressSchema,
  depositAddressAnswerSchema.extend({ address: depositAddressSchema }).transform((a) => a.address),
]);

export function generateDepositAddress(
  query: CoinChainQuery,
  options?: RequestOptions,
): Promise<DepositAddress> {
  const { method, path } = fundingCoinEndpoints.newDepositAddress;
  return request(method, path, query, generatedSchema, options);
}

export type CoinRechargeReport = CoinChainQuery & { amount: string; txHash: string };

export function reportCoinRecharge(report: CoinRechargeReport, options?: RequestOptions): Promise<Deposit> {
  return call(fundingCoinEndpoints.addDeposit, report, options);
}

export type FundingListQuery = {
  status?: FundingStatus;
  currency?: string;
  page?: number;
  size?: number;
  /** "Load more": the id of the last record shown; the page is the ones after it. */
  before?: string;
};

export function listCoinRecharges(query: FundingListQuery, options?: RequestOptions): Promise<Page<Deposit>> {
  return call(fundingCoinEndpoints.deposits, { page: 1, size: 20, ...query }, options);
}

/**
 * A record list asked for one `id` answers the page holding it (the server refuses an id that is
 * not the caller's with DEPOSIT_NOT_FOUND / WITHDRAWAL_NOT_FOUND); a bare row is read as well.
 */
function one<R extends z.ZodType>(row: R, page: z.ZodType<Page<z.output<R>>>) {
  return z.union([row, page.refine((p) => p.list.length > 0).transform((p) => p.list[0] as z.output<R>)]);
}

export function getCoinRecharge(id: string, options?: RequestOptions): Promise<Deposit> {
  const { method, path } = fundingCoinEndpoints.deposits;
  return request(method, path, { id }, one(depositSchema, depositPageSchema), options);
}

/** A bank or offline deposit (the bank screens' record), for the shared record detail. */
export function getBankRecharge(id: string, options?: RequestOptions): Promise<Deposit> {
  const { method, path } = fundingBankEndpoints.deposits;
  return request(method, path, { id }, one(depositSchema, depositPageSchema), options);
}

// — saved withdrawal addresses —

export async function listWithdrawAddresses(
  currency?: string,
  options?: RequestOptions,
): Promise<WithdrawAddress[]> {
  return (await call(fundingCoinEndpoints.withdrawAddresses, { currency }, options)).list;
}

export type WithdrawAddressAdd = CoinChainQuery & { address: string; memo?: string; label?: string };

export function addWithdrawAddress(
  add: WithdrawAddressAdd,
  options?: RequestOptions,
): Promise<WithdrawAddress> {
  return call(fundingCoinEndpoints.addWithdrawAddress, add, options);
}

// — withdrawals —

export type CoinWithdrawRequest = {
  addressId: string;
  amount: string;
  withdrawPassword: string;
  /** One per intent, resent with a retry (src/api/request-id.ts). */
  requestId?: string;
};

export function addCoinWithdraw(request: CoinWithdrawRequest, options?: RequestOptions): Promise<Withdrawal> {
  return call(fundingCoinEndpoints.addWithdrawal, request, options);
}

export function listCoinWithdrawals(
  query: FundingListQuery,
  options?: RequestOptions,
): Promise<Page<Withdrawal>> {
  return call(fundingCoinEndpoints.withdrawals, { page: 1, size: 20, ...query }, options);
}

export function getCoinWithdrawal(id: string, options?: RequestOptions): Promise<Withdrawal> {
  const { method, path } = fundingCoinEndpoints.withdrawals;
  return request(method, path, { id }, one(withdrawalSchema, withdrawalPageSchema), options);
}

/** A withdrawal to a bank card (the bank screens' record), for the shared record detail. */
export function getBankWithdrawal(id: string, options?: RequestOptions): Promise<Withdrawal> {
  const { method, path } = fundingBankEndpoints.withdrawals;
  return request(method, path, { id }, one(withdrawalSchema, withdrawalPageSchema), options);
}

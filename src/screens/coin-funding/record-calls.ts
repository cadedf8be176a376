import { z } from 'zod';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { fundingCoinEndpoints } from '../../../domain/protocol/endpoints/funding-coin';
import type { Page } from '../../../domain/protocol/envelope';
import {
  type Deposit,
  depositPageSchema,
  depositSchema,
  type Withdrawal,
  withdrawalPageSchema,
  withdrawalSchema,
} from '../../../domain/protocol/funding';
import {
  type DepositAddress,
  depositAddressAnswerSchema,
  depositAddressSchema,
} from '../../../domain/protocol/funding-coin';
import { request, type RequestOptions } from '../../api/request';

/*
 * The funding calls whose answer the client reads otherwise than the declaration says; every other
 * call is call(endpoint, input) where it is made.
 */

// The contract names the generated address, not its wrapping: the answer is read either as the
// address itself or as /coin/recharge/address's `{ address }`, so both readings of it work.
const generatedSchema = z.union([
  depositAddressSchema,
  depositAddressAnswerSchema.extend({ address: depositAddressSchema }).transform((a) => a.address),
]);

export function generateDepositAddress(
  query: { currency: string; chain: string },
  options?: RequestOptions,
): Promise<DepositAddress> {
  const { method, path } = fundingCoinEndpoints.newDepositAddress;
  return request(method, path, query, generatedSchema, options);
}

/**
 * A record list asked for one `id` answers the page holding it (the server refuses an id that is
 * not the caller's with DEPOSIT_NOT_FOUND / WITHDRAWAL_NOT_FOUND); a bare row is read as well.
 */
function one<R extends z.ZodType>(row: R, page: z.ZodType<Page<z.output<R>>>) {
  return z.union([row, page.refine((p) => p.list.length > 0).transform((p) => p.list[0] as z.output<R>)]);
}

/** A crypto deposit, or a bank or offline one (the bank screens' record), for the record detail. */
export function getDeposit(kind: 'coin' | 'bank', id: string, options?: RequestOptions): Promise<Deposit> {
  const { method, path } = kind === 'coin' ? fundingCoinEndpoints.deposits : fundingBankEndpoints.deposits;
  return request(method, path, { id }, one(depositSchema, depositPageSchema), options);
}

/** A crypto withdrawal, or one to a bank card, for the record detail. */
export function getWithdrawal(
  kind: 'coin' | 'bank',
  id: string,
  options?: RequestOptions,
): Promise<Withdrawal> {
  const { method, path } =
    kind === 'coin' ? fundingCoinEndpoints.withdrawals : fundingBankEndpoints.withdrawals;
  return request(method, path, { id }, one(withdrawalSchema, withdrawalPageSchema), options);
}

import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { fundingCoinEndpoints } from '../../../domain/protocol/endpoints/funding-coin';
import type { Page } from '../../../domain/protocol/envelope';
import type { Deposit, Withdrawal } from '../../../domain/protocol/funding';
import type { DepositAddress } from '../../../domain/protocol/funding-coin';
import { call } from '../../api/call';
import { protocolError, type RequestOptions } from '../../api/request';

/*
 * The funding calls whose answer the screens want in another form than the declared one: the
 * answer is read as declared, then taken apart here.
 */

/** A generated address; `{ address: null }` (nothing to generate) is no answer to this call. */
export async function generateDepositAddress(
  query: { currency: string; chain: string },
  options?: RequestOptions,
): Promise<DepositAddress> {
  const { address } = await call(fundingCoinEndpoints.newDepositAddress, query, options);
  if (!address) throw protocolError('No address generated', query);
  return address;
}

/**
 * A record list asked for one `id` answers the page holding it (the server refuses an id that is
 * not the caller's with DEPOSIT_NOT_FOUND / WITHDRAWAL_NOT_FOUND).
 */
function onlyRow<R>(page: Page<R>, id: string): R {
  const row = page.list[0];
  if (row === undefined) throw protocolError('No record in the page', id);
  return row;
}

/** A crypto deposit, or a bank or offline one (the bank screens' record), for the record detail. */
export async function getDeposit(
  kind: 'coin' | 'bank',
  id: string,
  options?: RequestOptions,
): Promise<Deposit> {
  const endpoint = kind === 'coin' ? fundingCoinEndpoints.deposits : fundingBankEndpoints.deposits;
  return onlyRow(await call(endpoint, { id }, options), id);
}

/** A crypto withdrawal, or one to a bank card, for the record detail. */
export async function getWithdrawal(
  kind: 'coin' | 'bank',
  id: string,
  options?: RequestOptions,
): Promise<Withdrawal> {
  const endpoint = kind === 'coin' ? fundingCoinEndpoints.withdrawals : fundingBankEndpoints.withdrawals;
  return onlyRow(await call(endpoint, { id }, options), id);
}

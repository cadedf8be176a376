import { fundingBankEndpoints } from '../../domain/protocol/endpoints/funding-bank';
import type { Page } from '../../domain/protocol/envelope';
import type {
  BankAddRequest,
  BankCard,
  BankTemplate,
  Deposit,
  FundingStatus,
  RechargeChannels,
  RechargeStatus,
  WithdrawAddRequest,
  Withdrawal,
  WithdrawStatus,
} from '../../domain/protocol/funding';
import { type RequestOptions } from './request';
import { call } from './call';

/**
 * The TRY side of funding: bank cards, bank and offline deposits, withdrawals to a card
 * and their records. One function per endpoint; every answer is checked against the schema the
 * server answers with (domain/protocol/funding.ts). The crypto and exchange calls live elsewhere.
 */

/** Drops absent and empty optional fields so they are never sent as empty text. */
function present<T extends object>(fields: T): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) out[name] = value;
  }
  return out as T;
}

// — conditions —

export function getRechargeStatus(options?: RequestOptions): Promise<RechargeStatus> {
  return call(fundingBankEndpoints.depositStatus, {}, options);
}

export function getWithdrawStatus(options?: RequestOptions): Promise<WithdrawStatus> {
  return call(fundingBankEndpoints.withdrawStatus, {}, options);
}

// — bank cards —

export function getBankTemplate(options?: RequestOptions): Promise<BankTemplate> {
  return call(fundingBankEndpoints.bankTemplate, {}, options);
}

export function listBankCards(page = 1, size = 20, options?: RequestOptions): Promise<Page<BankCard>> {
  return call(fundingBankEndpoints.cards, { page, size }, options);
}

export function getBankCard(id: string, options?: RequestOptions): Promise<BankCard> {
  return call(fundingBankEndpoints.card, { id }, options);
}

export function addBankCard(card: BankAddRequest, options?: RequestOptions): Promise<BankCard> {
  return call(fundingBankEndpoints.addCard, present(card), options);
}

export async function deleteBankCard(id: string, options?: RequestOptions): Promise<string> {
  return (await call(fundingBankEndpoints.deleteCard, { id }, options)).id;
}

// — deposits —

export function getRechargeChannels(options?: RequestOptions): Promise<RechargeChannels> {
  return call(fundingBankEndpoints.channels, {}, options);
}

export type DepositRequest = { channelId: string; amount: string; payerName?: string };

/** POST /user/recharge/add: a bank transfer the user made, pending until the operator decides. */
export function addBankDeposit(request: DepositRequest, options?: RequestOptions): Promise<Deposit> {
  return call(fundingBankEndpoints.addDeposit, present({ ...request, method: 'bank' as const }), options);
}

/** The same with a receipt image, as multipart/form-data (the KYC upload rules). */
export function addOfflineDeposit(
  request: DepositRequest,
  receipt: Blob,
  options?: RequestOptions,
): Promise<Deposit> {
  return call(
    fundingBankEndpoints.addDeposit,
    { ...present({ ...request, method: 'offline' as const }), receipt },
    options,
  );
}

export type FundingQuery = {
  status?: FundingStatus | undefined;
  currency?: string;
  page?: number;
  size?: number;
  /** "Load more": the id of the last record shown; the page is the ones after it. */
  before?: string;
};

export function listDeposits(query: FundingQuery, options?: RequestOptions): Promise<Page<Deposit>> {
  return call(fundingBankEndpoints.deposits, present({ page: 1, size: 20, ...query }), options);
}

// — withdrawals —

export function addWithdrawal(request: WithdrawAddRequest, options?: RequestOptions): Promise<Withdrawal> {
  return call(fundingBankEndpoints.addWithdrawal, present(request), options);
}

export function listWithdrawals(query: FundingQuery, options?: RequestOptions): Promise<Page<Withdrawal>> {
  return call(fundingBankEndpoints.withdrawals, present({ page: 1, size: 20, ...query }), options);
}

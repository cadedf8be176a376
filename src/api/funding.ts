import { z } from 'zod';
import type { Page } from '../../domain/protocol/envelope';
import {
  bankCardPageSchema,
  bankCardSchema,
  bankDeletedSchema,
  bankTemplateSchema,
  depositPageSchema,
  depositSchema,
  rechargeChannelsSchema,
  rechargeStatusSchema,
  withdrawalPageSchema,
  withdrawalSchema,
  withdrawStatusSchema,
  type BankAddRequest,
  type BankCard,
  type BankTemplate,
  type Deposit,
  type FundingStatus,
  type RechargeChannels,
  type RechargeStatus,
  type Withdrawal,
  type WithdrawAddRequest,
  type WithdrawStatus,
} from '../../domain/protocol/funding';
import { apiHeaders, get, post, send, type Payload, type RequestOptions } from './request';

/**
 * The TRY side of funding: bank cards, bank and offline deposits, withdrawals to a card
 * and their records. One function per endpoint; every answer is checked against the schema the
 * server answers with (domain/protocol/funding.ts). The crypto and exchange calls live elsewhere.
 */

/** Drops absent and empty optional fields so they are never sent as empty text. */
function payload<T extends object>(fields: T): Payload {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) out[name] = value;
  }
  return out;
}

// — conditions —

export function getRechargeStatus(options?: RequestOptions): Promise<RechargeStatus> {
  return get('/user/recharge/status', undefined, rechargeStatusSchema, options);
}

export function getWithdrawStatus(options?: RequestOptions): Promise<WithdrawStatus> {
  return get('/user/withdraw/status', undefined, withdrawStatusSchema, options);
}

// — bank cards —

export function getBankTemplate(options?: RequestOptions): Promise<BankTemplate> {
  return get('/index/bank/tmpl', undefined, bankTemplateSchema, options);
}

export function listBankCards(page = 1, size = 20, options?: RequestOptions): Promise<Page<BankCard>> {
  return get('/bank/list', { page, size }, bankCardPageSchema, options);
}

export function getBankCard(id: string, options?: RequestOptions): Promise<BankCard> {
  return get('/bank/info', { id }, bankCardSchema, options);
}

export function addBankCard(card: BankAddRequest, options?: RequestOptions): Promise<BankCard> {
  return post('/bank/add', payload(card), bankCardSchema, options);
}

export async function deleteBankCard(id: string, options?: RequestOptions): Promise<string> {
  return (await post('/bank/del', { id }, bankDeletedSchema, options)).id;
}

// — deposits —

export function getRechargeChannels(options?: RequestOptions): Promise<RechargeChannels> {
  return get('/index/bank/recharge', undefined, rechargeChannelsSchema, options);
}

export type DepositRequest = { channelId: string; amount: string; payerName?: string };

/** POST /user/recharge/add: a bank transfer the user made, pending until the operator decides. */
export function addBankDeposit(request: DepositRequest, options?: RequestOptions): Promise<Deposit> {
  return post('/user/recharge/add', payload({ ...request, method: 'bank' }), depositSchema, options);
}

/** The same with a receipt image, as multipart/form-data (the KYC upload rules). */
export function addOfflineDeposit(
  request: DepositRequest,
  receipt: Blob,
  options?: RequestOptions,
): Promise<Deposit> {
  const form = new FormData();
  for (const [name, value] of Object.entries(payload({ ...request, method: 'offline' })))
    form.append(name, String(value));
  const ext = receipt.type === 'image/png' ? 'png' : receipt.type === 'image/webp' ? 'webp' : 'jpg';
  form.append('receipt', receipt, `receipt.${ext}`);
  // No Content-Type: the browser writes multipart/form-data with its boundary.
  const init = { method: 'POST', headers: apiHeaders(false), body: form };
  return send('/user/recharge/add', '', init, depositSchema, options);
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
  return get('/user/recharge/order', payload({ page: 1, size: 20, ...query }), depositPageSchema, options);
}

// — withdrawals —

export function addWithdrawal(request: WithdrawAddRequest, options?: RequestOptions): Promise<Withdrawal> {
  return post('/user/withdraw/add', payload(request), withdrawalSchema, options);
}

export function listWithdrawals(query: FundingQuery, options?: RequestOptions): Promise<Page<Withdrawal>> {
  return get('/user/withdraw/order', payload({ page: 1, size: 20, ...query }), withdrawalPageSchema, options);
}

/** POST /user/withdraw/cancel (added): a still-pending withdrawal; the hold comes back. */
export async function cancelWithdrawal(id: string, options?: RequestOptions): Promise<void> {
  // The contract names only the request; the list is re-read afterwards, so any answer will do.
  await post('/user/withdraw/cancel', { id }, z.unknown(), options);
}

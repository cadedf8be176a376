import {
  activeListSchema,
  closeAllAnswerSchema,
  contractPageSchema,
  contractPositionSchema,
  contractRulesSchema,
  type ContractOpenRequest,
  type ContractPosition,
  type ContractRules,
} from '../../domain/protocol/contracts';
import type { Page } from '../../domain/protocol/envelope';
import {
  cancelAnswerSchema,
  coinAssetsSchema,
  orderPageSchema,
  orderResultSchema,
  spotOrderSchema,
  transferAnswerSchema,
  type CoinAssets,
  type CoinOrderRequest,
  type OrderResult,
  type SpotOrder,
} from '../../domain/protocol/trading';
import { post, type Payload, type RequestOptions } from './request';

/**
 * The coin side of trading: spot orders, the coin and contract wallets, the transfer
 * between them and perpetual contracts (the funds detail is src/api/trading.ts). Every answer
 * is checked against the schemas the server answers with (domain/protocol/trading.ts, contracts.ts).
 */

/** Drops absent fields so optional ones are never sent as empty text. */
function payload<T extends object>(fields: T): Payload {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  }
  return out;
}

// — spot —

export function addCoinOrder(order: CoinOrderRequest, options?: RequestOptions): Promise<OrderResult> {
  return post('/coin/order/add', payload(order), orderResultSchema, options);
}

export type OrderListQuery = { status: 'open' | 'history'; symbol?: string; page?: number; size?: number };

export function listCoinOrders(query: OrderListQuery, options?: RequestOptions): Promise<Page<SpotOrder>> {
  return post('/coin/order/list', payload({ page: 1, size: 20, ...query }), orderPageSchema, options);
}

export function queryCoinOrder(id: string, options?: RequestOptions): Promise<SpotOrder> {
  return post('/coin/order/query', { id }, spotOrderSchema, options);
}

/** Cancels one order, or every live one (of `symbol`, when given) with `all`. */
export async function cancelCoinOrders(
  target: { id: string } | { all: true; symbol?: string },
  options?: RequestOptions,
): Promise<SpotOrder[]> {
  const body = 'id' in target ? { id: target.id } : { all: '1', symbol: target.symbol };
  return (await post('/coin/order/close', payload(body), cancelAnswerSchema, options)).cancelled;
}

// — wallets —

export function getCoinAssets(options?: RequestOptions): Promise<CoinAssets> {
  return post('/coin/assets', undefined, coinAssetsSchema, options);
}

export type TransferRequest = {
  from: 'coin' | 'contract';
  to: 'coin' | 'contract';
  amount: string;
  tradePassword?: string;
  /** One per intent, resent with a retry (src/api/request-id.ts). */
  requestId?: string;
};

export function transferUsdt(request: TransferRequest, options?: RequestOptions) {
  return post('/coin/transfer', payload({ currency: 'USDT', ...request }), transferAnswerSchema, options);
}

// — contracts —

const CONTRACT = '/coin/contract/order';

export function getContractRules(symbol?: string, options?: RequestOptions): Promise<ContractRules> {
  return post(`${CONTRACT}/multiple`, payload({ symbol }), contractRulesSchema, options);
}

export function openContract(
  request: ContractOpenRequest,
  options?: RequestOptions,
): Promise<ContractPosition> {
  return post(`${CONTRACT}/add`, payload(request), contractPositionSchema, options);
}

export function listContracts(
  query: { status: 'open' | 'history'; symbol?: string; page?: number; size?: number },
  options?: RequestOptions,
): Promise<Page<ContractPosition>> {
  return post(`${CONTRACT}/list`, payload({ page: 1, size: 20, ...query }), contractPageSchema, options);
}

export async function listActiveContracts(options?: RequestOptions): Promise<ContractPosition[]> {
  return (await post(`${CONTRACT}/list/active`, undefined, activeListSchema, options)).list;
}

export function queryContract(id: string, options?: RequestOptions): Promise<ContractPosition> {
  return post(`${CONTRACT}/query`, { id }, contractPositionSchema, options);
}

/** Sets (or, with an empty price, clears) a take-profit or stop-loss. */
export function setContractTrigger(
  kind: 'profit' | 'loss',
  id: string,
  price: string,
  options?: RequestOptions,
): Promise<ContractPosition> {
  return post(`${CONTRACT}/set/${kind}`, { id, price }, contractPositionSchema, options);
}

/** `requestId`: one per intent, resent with a retry (src/api/request-id.ts). */
export function addContractMargin(
  request: { id: string; amount: string; requestId?: string },
  options?: RequestOptions,
) {
  return post(`${CONTRACT}/add/mgn`, payload(request), contractPositionSchema, options);
}

/** Closes one whole position at market (the user's own request). */
export function closeContract(id: string, options?: RequestOptions): Promise<ContractPosition> {
  return post(`${CONTRACT}/close`, { id }, contractPositionSchema, options);
}

export async function closeAllContracts(options?: RequestOptions): Promise<ContractPosition[]> {
  return (await post(`${CONTRACT}/liquidate/all`, undefined, closeAllAnswerSchema, options)).closed;
}

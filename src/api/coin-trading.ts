import { coinOrderEndpoints } from '../../domain/protocol/endpoints/coin-orders';
import { coinWalletEndpoints } from '../../domain/protocol/endpoints/coin-wallet';
import { contractEndpoints } from '../../domain/protocol/endpoints/contracts';
import type { ContractOpenRequest, ContractPosition, ContractRules } from '../../domain/protocol/contracts';
import type { Page } from '../../domain/protocol/envelope';
import type { CoinAssets, CoinOrderRequest, OrderResult, SpotOrder } from '../../domain/protocol/trading';
import { type RequestOptions } from './request';
import { call } from './call';

/**
 * The coin side of trading: spot orders, the coin and contract wallets, the transfer
 * between them and perpetual contracts (the funds detail is src/api/trading.ts). Every answer
 * is checked against the schemas the server answers with (domain/protocol/trading.ts, contracts.ts).
 */

// — spot —

export function addCoinOrder(order: CoinOrderRequest, options?: RequestOptions): Promise<OrderResult> {
  return call(coinOrderEndpoints.add, order, options);
}

export type OrderListQuery = { status: 'open' | 'history'; symbol?: string; page?: number; size?: number };

export function listCoinOrders(query: OrderListQuery, options?: RequestOptions): Promise<Page<SpotOrder>> {
  return call(coinOrderEndpoints.list, { page: 1, size: 20, ...query }, options);
}

/** Cancels one order, or every live one (of `symbol`, when given) with `all`. */
export async function cancelCoinOrders(
  target: { id: string } | { all: true; symbol?: string },
  options?: RequestOptions,
): Promise<SpotOrder[]> {
  const body = 'id' in target ? { id: target.id } : { all: '1' as const, symbol: target.symbol };
  return (await call(coinOrderEndpoints.close, body, options)).cancelled;
}

// — wallets —

export function getCoinAssets(options?: RequestOptions): Promise<CoinAssets> {
  return call(coinWalletEndpoints.assets, {}, options);
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
  return call(coinWalletEndpoints.transfer, { currency: 'USDT', ...request }, options);
}

// — contracts —

export function getContractRules(symbol?: string, options?: RequestOptions): Promise<ContractRules> {
  return call(contractEndpoints.multiple, { symbol }, options);
}

export function openContract(
  request: ContractOpenRequest,
  options?: RequestOptions,
): Promise<ContractPosition> {
  return call(contractEndpoints.add, request, options);
}

export function listContracts(
  query: { status: 'open' | 'history'; symbol?: string; page?: number; size?: number },
  options?: RequestOptions,
): Promise<Page<ContractPosition>> {
  return call(contractEndpoints.list, { page: 1, size: 20, ...query }, options);
}

export async function listActiveContracts(options?: RequestOptions): Promise<ContractPosition[]> {
  return (await call(contractEndpoints.listActive, {}, options)).list;
}

export function queryContract(id: string, options?: RequestOptions): Promise<ContractPosition> {
  return call(contractEndpoints.query, { id }, options);
}

/** Sets (or, with an empty price, clears) a take-profit or stop-loss. */
export function setContractTrigger(
  kind: 'profit' | 'loss',
  id: string,
  price: string,
  options?: RequestOptions,
): Promise<ContractPosition> {
  return call(
    kind === 'profit' ? contractEndpoints.setProfit : contractEndpoints.setLoss,
    { id, price },
    options,
  );
}

/** `requestId`: one per intent, resent with a retry (src/api/request-id.ts). */
export function addContractMargin(
  request: { id: string; amount: string; requestId?: string },
  options?: RequestOptions,
) {
  return call(contractEndpoints.addMgn, request, options);
}

/** Closes one whole position at market (the user's own request). */
export function closeContract(id: string, options?: RequestOptions): Promise<ContractPosition> {
  return call(contractEndpoints.close, { id }, options);
}

export async function closeAllContracts(options?: RequestOptions): Promise<ContractPosition[]> {
  return (await call(contractEndpoints.liquidateAll, {}, options)).closed;
}

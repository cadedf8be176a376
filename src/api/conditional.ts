import type { ConditionalAddRequest, ConditionalOrder } from '../../domain/protocol/conditional';
import type { Page } from '../../domain/protocol/envelope';
import { conditionalEndpoints as e } from '../../domain/protocol/endpoints/conditional';
import { call } from './call';
import type { RequestOptions } from './request';

export type Wallet = 'stock' | 'coin';

/** Places a conditional order (one leg, or a one-cancels-other pair); answers the legs placed. */
export async function addConditional(
  wallet: Wallet,
  request: ConditionalAddRequest,
  options?: RequestOptions,
): Promise<ConditionalOrder[]> {
  return (await call(wallet === 'stock' ? e.stockAdd : e.coinAdd, request, options)).list;
}

export function listConditional(
  wallet: Wallet,
  query: { state: 'pending' | 'all'; page?: number; size?: number },
  options?: RequestOptions,
): Promise<Page<ConditionalOrder>> {
  return call(wallet === 'stock' ? e.stockList : e.coinList, { page: 1, size: 50, ...query }, options);
}

/** Cancels a waiting order (and its pair's other leg); answers the legs cancelled. */
export async function cancelConditional(
  wallet: Wallet,
  id: string,
  options?: RequestOptions,
): Promise<ConditionalOrder[]> {
  return (await call(wallet === 'stock' ? e.stockCancel : e.coinCancel, { id }, options)).cancelled;
}

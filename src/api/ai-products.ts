import type { Page } from '../../domain/protocol/envelope';
import {
  aiBasketSchema,
  aiOrderDetailsSchema,
  aiOrderPageSchema,
  aiProductInfoSchema,
  aiProductPageSchema,
  type AiBasket,
  type AiBuyRequest,
  type AiOrder,
  type AiOrderDetails,
  type AiOrderStatus,
  type AiProduct,
  type AiProductInfo,
} from '../../domain/protocol/ai-products';
import { post, type RequestOptions } from './request';

/**
 * AI stock products: the products, their basket and backtest (public), the signed-in
 * real account's orders. One function per endpoint, each answer checked against the server's
 * schema (domain/protocol/ai-products.ts).
 */
export function listAiProducts(
  query: { page?: number; size?: number } = {},
  options?: RequestOptions,
): Promise<Page<AiProduct>> {
  return post('/stock/ai/list', { page: 1, size: 20, ...query }, aiProductPageSchema, options);
}

export function getAiProduct(id: string, options?: RequestOptions): Promise<AiProductInfo> {
  return post('/stock/ai/info', { id }, aiProductInfoSchema, options);
}

export function getAiBasket(id: string, options?: RequestOptions): Promise<AiBasket> {
  return post('/stock/ai/stocks', { id }, aiBasketSchema, options);
}

/** Buys an order (`action: buy`) or redeems one (`action: redeem`); the answer is the order. */
export function buyAiProduct(request: AiBuyRequest, options?: RequestOptions): Promise<AiOrderDetails> {
  return post('/stock/ai/buy', { ...request }, aiOrderDetailsSchema, options);
}

export function addAiAmount(
  request: { id: string; amount: string; tradePassword: string; requestId?: string },
  options?: RequestOptions,
): Promise<AiOrderDetails> {
  return post('/stock/ai/order/add/amount', request, aiOrderDetailsSchema, options);
}

export function listAiOrders(
  query: { page?: number; size?: number; status?: AiOrderStatus | undefined } = {},
  options?: RequestOptions,
): Promise<Page<AiOrder>> {
  return post('/stock/ai/order/list', { page: 1, size: 20, ...query }, aiOrderPageSchema, options);
}

export function getAiOrder(id: string, options?: RequestOptions): Promise<AiOrderDetails> {
  return post('/stock/ai/order/details', { id }, aiOrderDetailsSchema, options);
}

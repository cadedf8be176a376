import type { Page } from '../../domain/protocol/envelope';
import {
  blockDetailSchema,
  blockOrderPageSchema,
  blockOrderSchema,
  blockPageSchema,
  offlineApplicationPageSchema,
  offlineApplicationSchema,
  offlineIpoPageSchema,
  type Block,
  type BlockApplyRequest,
  type BlockDetail,
  type BlockOrder,
  type BlockStatus,
  type OfflineApplication,
  type OfflineApplyRequest,
  type OfflineIpo,
} from '../../domain/protocol/bulk';
import { get, post, type RequestOptions } from './request';

/**
 * Block trades and offline subscription. One function per endpoint; every
 * answer is checked against the schema the server answers with (domain/protocol/bulk.ts).
 */
type Paging = { page?: number; size?: number };

/** POST /stock/bulk/list: open blocks first, then upcoming, then the rest. */
export function listBlocks(
  query: Paging & { status?: BlockStatus | undefined } = {},
  options?: RequestOptions,
): Promise<Page<Block>> {
  return post('/stock/bulk/list', { page: 1, size: 20, ...query }, blockPageSchema, options);
}

/** POST /stock/bulk/info: one block, priced from the live reference, with its costs. */
export function getBlock(id: string, options?: RequestOptions): Promise<BlockDetail> {
  return post('/stock/bulk/info', { id }, blockDetailSchema, options);
}

/** POST /stock/bulk/apply: one charge from the stock account; the shares locked until the lock-up ends. */
export function buyBlock(request: BlockApplyRequest, options?: RequestOptions): Promise<BlockOrder> {
  return post('/stock/bulk/apply', request, blockOrderSchema, options);
}

/** POST /stock/bulk/order/list: the active account's block purchases, newest first. */
export function listBlockOrders(query: Paging = {}, options?: RequestOptions): Promise<Page<BlockOrder>> {
  return post('/stock/bulk/order/list', { page: 1, size: 20, ...query }, blockOrderPageSchema, options);
}

/** GET /stock/index/offline/list: IPOs with their institutional tranche's window and limits. */
export function listOfflineIpos(query: Paging = {}, options?: RequestOptions): Promise<Page<OfflineIpo>> {
  return get('/stock/index/offline/list', { page: 1, size: 20, ...query }, offlineIpoPageSchema, options);
}

/** GET /stock/index/offline/today: those taking offline applications now. */
export function listTodayOfflineIpos(
  query: Paging = {},
  options?: RequestOptions,
): Promise<Page<OfflineIpo>> {
  return get('/stock/index/offline/today', { page: 1, size: 20, ...query }, offlineIpoPageSchema, options);
}

/** POST /stock/order/offline/apply: holds issue price × lots (+ costs), allotted pro rata later. */
export function applyOffline(
  request: OfflineApplyRequest,
  options?: RequestOptions,
): Promise<OfflineApplication> {
  return post('/stock/order/offline/apply', request, offlineApplicationSchema, options);
}

/** GET /stock/order/offline/list: the active account's offline applications, newest first. */
export function listOfflineApplications(
  query: Paging = {},
  options?: RequestOptions,
): Promise<Page<OfflineApplication>> {
  return get(
    '/stock/order/offline/list',
    { page: 1, size: 20, ...query },
    offlineApplicationPageSchema,
    options,
  );
}

/**
 * The active account's offline application for IPO `ipoId`, or null: one per IPO, so the order
 * screen shows it instead of a second form. The list is read a page at a time until it is found.
 */
export async function findOfflineApplication(
  ipoId: string,
  options?: RequestOptions,
): Promise<OfflineApplication | null> {
  const size = 100;
  for (let page = 1; ; page += 1) {
    const answer = await listOfflineApplications({ page, size }, options);
    const found = answer.list.find((application) => application.ipoId === ipoId);
    if (found) return found;
    if (answer.list.length < size || page * size >= answer.total) return null;
  }
}

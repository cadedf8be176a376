/** The block-trade routes (SPEC §2 "Bulk"); a screen opened without an id shows a chooser. */
export const BULK_LIST_PATH = '/pages/stockBulk/bulkList';
export const BULK_DETAIL_PATH = '/pages/stockBulk/bulkDetail';
export const BULK_ORDER_PATH = '/pages/stockBulk/bulkOrder';

export const blockHref = (id: string, to: string = BULK_DETAIL_PATH) => `${to}?id=${encodeURIComponent(id)}`;

/** VIP membership (spec/routes.txt), where a members-only block leads a non-member. */
export const VIP_PATH = '/pages/stock/vip';

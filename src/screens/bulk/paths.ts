import { paths } from '../../paths/paths';
/** The block-trade routes (SPEC §2 "Bulk"); a screen opened without an id shows a chooser. */
export const BULK_LIST_PATH = paths.bulkList;
export const BULK_DETAIL_PATH = paths.bulkDetail;
export const BULK_ORDER_PATH = paths.bulkOrder;

export const blockHref = (id: string, to: string = BULK_DETAIL_PATH) => `${to}?id=${encodeURIComponent(id)}`;

/** VIP membership (spec/routes.txt), where a members-only block leads a non-member. */
export const VIP_PATH = paths.vip;

import { z } from 'zod';
import type { ApplicationStatus } from '../ipo/lifecycle';
import { withRequestId } from './request-id';
import { rowId, statusPageRequestSchema } from '../validation/fields';
import { pageOf } from './content';
import { ipoApplicationHead, ipoApplicationMoney, ipoCostsSchema, ipoSchema } from './ipo';
import { dec, id, lots, ms } from './wire-kinds';

/**
 * Block trades (`/stock/bulk/*`) and offline subscription (`/stock/index/offline/*`,
 * `/stock/order/offline/*`) on the wire. As domain/protocol/ipo.ts: money a
 * canonical decimal string (TRY), lots whole-number strings, ids strings, times epoch ms.
 */

/** `open` between opensAt and closesAt (or the operator's early close) while lots remain. */
export const BLOCK_STATUSES = ['upcoming', 'open', 'sold_out', 'closed'] as const;
export type BlockStatus = (typeof BLOCK_STATUSES)[number];

export const blockSchema = z.object({
  id,
  symbol: z.string(),
  name: z.string(),
  status: z.enum(BLOCK_STATUSES),
  /** The reference price: the stock's previous close, live from the market source; null if unknown. */
  referencePrice: dec.nullable(),
  /** The stock's last price, live; null if unknown. */
  lastPrice: dec.nullable(),
  /** domain/ipo/block `blockPrice(referencePrice, discount)`: what a share costs now; null if unknown. */
  price: dec.nullable(),
  /** A fraction: "0.08" is 8 % off the reference price. */
  discount: dec,
  lotSize: z.number().int(),
  lotsOffered: lots,
  /** What is left in the caller's pool (real or demo), first come first served. */
  lotsRemaining: lots,
  /** Per buyer, all their orders on this block together. */
  minLots: lots,
  maxLots: lots,
  opensAt: ms,
  /** When it stops selling: the scheduled close, or the operator's earlier one. */
  closesAt: ms,
  lockupDays: z.number().int(),
  /** When shares bought now become sellable. */
  lockupEndsAt: ms,
  /** Only VIP members may buy (there is no VIP membership yet, so nobody can). */
  vipOnly: z.boolean(),
  /** Lots the caller bought from it (null for guests). */
  boughtLots: lots.nullable(),
});
export type Block = z.infer<typeof blockSchema>;
export const blockPageSchema = pageOf(blockSchema);

/** A block plus its costs (null: none), for the order's total. */
export const blockDetailSchema = blockSchema.extend({ costs: ipoCostsSchema.nullable() });
export type BlockDetail = z.infer<typeof blockDetailSchema>;

/** Open blocks first (soonest closing), then upcoming, then the rest. */
export const blockListRequestSchema = statusPageRequestSchema(BLOCK_STATUSES);

export const blockOrderSchema = z.object({
  id,
  blockId: id,
  symbol: z.string(),
  name: z.string(),
  lots,
  lotSize: z.number().int(),
  referencePrice: dec,
  price: dec,
  discount: dec,
  amount: dec,
  costs: dec,
  total: dec,
  boughtAt: ms,
  /** The shares cannot be sold before this. */
  lockedUntil: ms,
  locked: z.boolean(),
});
export type BlockOrder = z.infer<typeof blockOrderSchema>;
export const blockOrderPageSchema = pageOf(blockOrderSchema);

/**
 * Buy `lots` of block `id` at `price`, the block price the screen showed
 * (refused with BLOCK_PRICE_CHANGED if the reference moved since), confirmed with the trade password.
 */
export const blockApplyRequestSchema = z.object({
  id: rowId,
  lots: z.string(),
  /** Checked as a number first (buy.ts): "abc" is a number-format error, not a price that moved. */
  price: z.string(),
  tradePassword: z.string(),
  ...withRequestId,
});
export type BlockApplyRequest = z.input<typeof blockApplyRequestSchema>;

/** Offline tranche status: domain/ipo/offline `offlineStatus`. */
export const OFFLINE_STATUSES = ['upcoming', 'open', 'closed'] as const;

/** An IPO as the offline screens show it: the IPO plus its institutional tranche's terms. */
export const offlineIpoSchema = ipoSchema.extend({
  offline: z.object({
    status: z.enum(OFFLINE_STATUSES),
    opensAt: ms,
    closesAt: ms,
    /** The tranche (the IPO's lotsInstitutional) and the application limits. */
    lots,
    minLots: lots,
    maxLots: lots,
    applicants: z.number().int(),
    requestedLots: lots,
    /** Whether the caller applied (null for guests). */
    applied: z.boolean().nullable(),
  }),
});
export type OfflineIpo = z.infer<typeof offlineIpoSchema>;
export const offlineIpoPageSchema = pageOf(offlineIpoSchema);
export const offlineListRequestSchema = statusPageRequestSchema(OFFLINE_STATUSES);

/** The statuses of domain/ipo/lifecycle an offline application can be in: it is held at application. */
export const OFFLINE_APPLICATION_STATUSES = [
  'applying',
  'to_be_allocated',
  'won',
  'not_allotted',
] as const satisfies readonly ApplicationStatus[];

export const offlineApplicationSchema = z.object({
  ...ipoApplicationHead,
  status: z.enum(OFFLINE_APPLICATION_STATUSES),
  lots,
  ...ipoApplicationMoney,
  appliedAt: ms,
  allocationAt: ms,
  allocatedAt: ms.nullable(),
  /** When what is not allotted comes back: with the allotment (its time once done). */
  refundAt: ms,
  listingAt: ms,
  listedAt: ms.nullable(),
});
export type OfflineApplication = z.infer<typeof offlineApplicationSchema>;
export const offlineApplicationPageSchema = pageOf(offlineApplicationSchema);

/** As /stock/order/new/apply, into the institutional tranche. */
export const offlineApplyRequestSchema = z.object({
  id: rowId,
  lots: z.string(),
  tradePassword: z.string(),
});
export type OfflineApplyRequest = z.input<typeof offlineApplyRequestSchema>;

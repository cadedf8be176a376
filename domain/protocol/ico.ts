import { z } from 'zod';
import { decimal, rowId, statusPageRequestSchema } from '../validation/fields';
import { pageOf } from './content';
import { IPO_STATUSES } from '../ipo/lifecycle';
import { offeringWindow } from './ipo';
import { dec, id, ms } from './wire-kinds';

/**
 * Coin ICOs on the wire: token sales in USDT from the currency (coin) account,
 * Binance Launchpad's model (domain/ipo/ico). The sales (`/coin/new/*`, public) and the user's
 * commitments (`/coin/order/new/*`, signed in); every path is POST as SPEC §7 lists the coin API.
 * USDT and token amounts are canonical decimal strings, ids strings, times epoch ms (DECISIONS §4).
 */

/** The sale's status: domain/ipo/lifecycle's, on the same dates as a stock IPO. */
export const ICO_STATUSES = IPO_STATUSES;
export type IcoStatusWire = (typeof ICO_STATUSES)[number];

/**
 * A commitment: `committed` (USDT held, waiting for the end of the window), `allocated` (tokens
 * and the refund known, not yet paid out), `completed` (tokens credited) or `refunded` (no
 * tokens: everything went back).
 */
export const COMMITMENT_STATUSES = ['committed', 'allocated', 'completed', 'refunded'] as const;
export type CommitmentStatus = (typeof COMMITMENT_STATUSES)[number];

export const icoSchema = z.object({
  id,
  /** The token's ticker (`NOVA`); it trades as `pair` after listing. */
  token: z.string(),
  pair: z.string(),
  name: z.string(),
  /** A short description of the project in the caller's language. */
  summary: z.string(),
  /** USDT per token. */
  tokenPrice: dec,
  tokensOffered: dec,
  /** The token's decimals: tokens are handed out in steps of 10^-tokenScale. */
  tokenScale: z.number().int(),
  /** tokensOffered × tokenPrice, USDT: more committed than this and everyone is scaled down. */
  offeredValue: dec,
  /** USDT per user: the smallest commitment, and the most one user may commit (null: no cap). */
  minCommit: dec,
  maxCommit: dec.nullable(),
  /** At allocation pro rata (spent charged), at refund the excess released, at listing the token credited. */
  ...offeringWindow,
  status: z.enum(ICO_STATUSES),
  countdownUntil: ms.nullable(),
  /** The caller's pool (real, or demo for a demo session): live totals, the estimate's input. */
  totalCommitted: dec,
  committers: z.number().int(),
  /** Set once allocated. */
  tokensSold: dec.nullable(),
  /**
   * When the caller's pool was allocated; null until then. After an early close this is earlier
   * than `allocationAt` (the scheduled date), which the screens then no longer show as to come.
   */
  allocatedAt: ms.nullable(),
  /** What the caller committed ("0" when not), null for guests. */
  myCommitted: dec.nullable(),
});
export type Ico = z.infer<typeof icoSchema>;
export const icoPageSchema = pageOf(icoSchema);

/** A page of coin sales, optionally one status (today's and the coming ones take a plain page). */
export const icoListRequestSchema = statusPageRequestSchema(ICO_STATUSES);

export const icoCommitmentSchema = z.object({
  id,
  icoId: id,
  token: z.string(),
  name: z.string(),
  tokenPrice: dec,
  status: z.enum(COMMITMENT_STATUSES),
  /** USDT held at commitment. */
  committed: dec,
  /** USDT paid for the tokens ("0" before allocation), USDT released back ("0" until refunded). */
  spent: dec,
  refunded: dec,
  /** Tokens allotted; null before allocation. */
  tokens: dec.nullable(),
  committedAt: ms,
  allocatedAt: ms.nullable(),
  refundAt: ms,
  refundedAt: ms.nullable(),
  listingAt: ms,
  creditedAt: ms.nullable(),
});
export type IcoCommitment = z.infer<typeof icoCommitmentSchema>;
export const icoCommitmentPageSchema = pageOf(icoCommitmentSchema);

/** The account's commitments, newest first. */
export const icoCommitmentListRequestSchema = statusPageRequestSchema(COMMITMENT_STATUSES);

/**
 * Commit `amount` USDT to ICO `id`, confirmed with the trade password
 * (DECISIONS §3). One commitment per account per sale; checked by domain/ipo/ico `checkIcoCommit`.
 */
export const icoApplyRequestSchema = z.object({
  id: rowId,
  /** Canonical USDT (DECISIONS §3: the client normalises what the user typed). */
  amount: decimal(),
  tradePassword: z.string(),
});
export type IcoApplyRequest = z.input<typeof icoApplyRequestSchema>;

import type { ErrorKey } from '../protocol/error-keys';

/**
 * Refusal keys of the primary market. Each is also in `ERROR_KEYS` with its message in
 * locales/ (errors.test.ts holds them together). Where an existing key already says it
 * (ORDER_AMOUNT_ZERO, FIELD_INVALID, LOT_MULTIPLE, AMOUNT_*), that key is used instead.
 */
export const IPO_ERROR_KEYS = [
  /** The IPO is not accepting applications now (upcoming, closed, listed). */
  'IPO_NOT_SUBSCRIBING',
  /** One application per investor per IPO (DECISIONS §5). */
  'IPO_ALREADY_APPLIED',
  'IPO_LOTS_BELOW_MINIMUM',
  'IPO_LOTS_ABOVE_MAXIMUM',
  /** A lottery IPO: lots that are not a whole number of tickets ({ticket} lots each). */
  'IPO_LOTS_NOT_MULTIPLE',
  /** SPEC §9 "account insufficient for subscription ({0})": the amount the application holds. */
  'IPO_INSUFFICIENT_BALANCE',
  /** An IPO's dates out of order (an operator's mistake, refused when the IPO is created). */
  'IPO_WINDOW_ORDER',
  /** An IPO of a symbol that trades already (domain/ipo/offerable). */
  'IPO_SYMBOL_LISTED',
  /** An IPO of a symbol with an offering still under way (domain/ipo/offerable). */
  'IPO_SYMBOL_OFFERED',
  /** Two applications with the same id handed to an allocation. */
  'IPO_DUPLICATE_APPLICATION',
  /** An application status change the machine does not allow. */
  'IPO_STATUS_TRANSITION',
  /** Paying an allotment that is not waiting for payment, or after the deadline. */
  'IPO_PAYMENT_CLOSED',
  'ICO_NOT_SUBSCRIBING',
  'ICO_TERMS_INVALID',
  /** A coin sale of a token that trades already (domain/ipo/offerable). */
  'ICO_TOKEN_LISTED',
  /** A coin sale of a token with a sale still under way (domain/ipo/offerable). */
  'ICO_TOKEN_OFFERED',
  /** A coin sale commitment over the free USDT: the amount committed. */
  'ICO_INSUFFICIENT_BALANCE',
  'BLOCK_NOT_OPEN',
  'BLOCK_VIP_ONLY',
  'BLOCK_DISCOUNT_INVALID',
  'BLOCK_LOTS_BELOW_MINIMUM',
  'BLOCK_LOTS_ABOVE_MAXIMUM',
  'BLOCK_LOTS_ABOVE_REMAINING',
  /** A block purchase over the free TRY: the amount it costs. */
  'BLOCK_INSUFFICIENT_BALANCE',
  /** Selling block-bought shares before their lock-up ends. */
  'BLOCK_LOCKED_UP',
] as const;

export type IpoErrorKey = (typeof IPO_ERROR_KEYS)[number];

/** A refusal: the key the server answers with and the message's parameters (as `RuleError`). */
export type IpoError = { key: ErrorKey | IpoErrorKey; params?: Record<string, string | number> };

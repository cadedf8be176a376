import { z } from 'zod';
import { withRequestId } from './request-id';
import { decimal, oneOf, paging, pagingCursor, rowId, text } from '../validation/fields';
import { pageOf } from './content';
import { dec, id, ms } from './wire-kinds';

/**
 * Funding on the wire: bank cards, bank and offline deposits, withdrawals to a card, and their
 * records; crypto funding is in funding-coin.ts, currency exchange in exchange.ts.
 * Every movement is a ledger posting (DECISIONS §2); every condition (hours, minimum, fee, KYC,
 * withdrawal password) is readable before the user starts: `/user/recharge/status`,
 * `/user/withdraw/status`, `/index/bank/recharge`, `/index/recharge/coins`.
 * Money is a canonical decimal string, ids strings, times epoch ms (DECISIONS §4).
 */

// ── conditions ────────────────────────────────────────────────────────────────

/**
 * When deposits or withdrawals are accepted (Europe/Istanbul): `days` ISO weekdays (1 = Monday),
 * `from`–`to` as HH:MM; `alwaysOpen` for the sandbox switch. `open` is now; `nextOpen` the next
 * opening when closed (null when open or always open).
 */
export const fundingHoursSchema = z.object({
  alwaysOpen: z.boolean(),
  days: z.array(z.number().int().min(1).max(7)),
  from: z.string(),
  to: z.string(),
  open: z.boolean(),
  nextOpen: ms.nullable(),
});
export type FundingHours = z.infer<typeof fundingHoursSchema>;

/** Why a user cannot start right now; the screen shows each before the form, never after. */
export const FUNDING_BLOCKS = [
  'DEMO_NOT_ALLOWED',
  'FUNDING_CLOSED',
  'KYC_REQUIRED',
  'WITHDRAW_PASSWORD_NOT_SET',
  'BANK_CARD_REQUIRED',
] as const;
export type FundingBlock = (typeof FUNDING_BLOCKS)[number];

/** May this user deposit now, and on what terms (TRY, bank channels). */
export const rechargeStatusSchema = z.object({
  hours: fundingHoursSchema,
  currency: z.literal('TRY'),
  minAmount: dec,
  maxAmount: dec,
  /** Pending deposit requests of this user. */
  pending: z.number().int(),
  blocks: z.array(z.enum(FUNDING_BLOCKS)),
});
export type RechargeStatus = z.infer<typeof rechargeStatusSchema>;

/** May this user withdraw TRY to a card now, and on what terms. */
export const withdrawStatusSchema = z.object({
  hours: fundingHoursSchema,
  currency: z.literal('TRY'),
  minAmount: dec,
  maxAmount: dec,
  /** The fee of a withdrawal of `amount`: max(feeMin, amount × feeRate), shown before confirming. */
  feeRate: dec,
  feeMin: dec,
  /** What the stock (TRY) wallet can pay out now. */
  available: dec,
  /** Expected time to the user's bank after approval, in hours (shown as text). */
  expectedHours: z.number().int(),
  pending: z.number().int(),
  blocks: z.array(z.enum(FUNDING_BLOCKS)),
  /**
   * Until when (epoch ms) too many wrong withdrawal PINs lock it, or null: the form keeps its
   * submit disabled and says when it opens, instead of letting the user type a PIN for nothing.
   */
  pinLockedUntil: ms.nullable(),
});
export type WithdrawStatus = z.infer<typeof withdrawStatusSchema>;

// ── bank cards ────────────────────────────────────────────────────────────────

/** Countries a card may be added for: TR takes an IBAN (mod-97); the others SPEC §3's extra fields. */
export const BANK_COUNTRIES = ['TR', 'IN', 'BR', 'OTHER'] as const;
export type BankCountry = (typeof BANK_COUNTRIES)[number];

/**
 * For TR `accountNumber` is the IBAN (spaces allowed as typed), the bank name is
 * derived from its code, and `holderName` must match the verified KYC name. Other countries give
 * `bankName` and whichever of IFSC/PIX/tax id/UTR their banks use.
 */
export const bankAddRequestSchema = z.object({
  country: oneOf(BANK_COUNTRIES).default('TR'),
  accountNumber: text({ max: 42 }),
  holderName: text({ max: 100 }),
  bankName: text({ max: 100 }).optional(),
  bankAddress: text({ max: 200 }).optional(),
  payeeAddress: text({ max: 200 }).optional(),
  ifsc: text({ max: 20 }).optional(),
  pix: text({ max: 100 }).optional(),
  taxId: text({ max: 30 }).optional(),
  utr: text({ max: 30 }).optional(),
});
export type BankAddRequest = z.input<typeof bankAddRequestSchema>;

export const bankCardSchema = z.object({
  id,
  country: z.enum(BANK_COUNTRIES),
  /** Masked in lists ("TR33 **** … **13 26"); whole in /bank/info (the owner's own card). */
  accountNumber: z.string(),
  holderName: z.string(),
  bankName: z.string(),
  /** The 5-digit EFT code of a Turkish IBAN; null elsewhere. */
  bankCode: z.string().nullable(),
  bankAddress: z.string(),
  payeeAddress: z.string(),
  ifsc: z.string(),
  pix: z.string(),
  taxId: z.string(),
  utr: z.string(),
  /** A pending withdrawal goes to this card: it cannot be deleted until that is decided. */
  withdrawalPending: z.boolean(),
  createdAt: ms,
});
export type BankCard = z.infer<typeof bankCardSchema>;
export const bankCardPageSchema = pageOf(bankCardSchema);
export const bankDeletedSchema = z.object({ id });

/** The add-card form per country (which fields, which required). */
export const BANK_FIELDS = [
  'accountNumber',
  'holderName',
  'bankName',
  'bankAddress',
  'payeeAddress',
  'ifsc',
  'pix',
  'taxId',
  'utr',
] as const;
export const bankTemplateSchema = z.object({
  countries: z.array(
    z.object({
      country: z.enum(BANK_COUNTRIES),
      fields: z.array(z.object({ name: z.enum(BANK_FIELDS), required: z.boolean() })),
    }),
  ),
  /** The verified KYC name cards must carry; null before KYC (adding a card then says KYC_REQUIRED). */
  holderName: z.string().nullable(),
});
export type BankTemplate = z.infer<typeof bankTemplateSchema>;

// ── bank deposits ─────────────────────────────────────────────────────────────

/** The broker's receiving accounts, and this user's transfer reference. */
export const rechargeChannelSchema = z.object({
  id,
  bankName: z.string(),
  iban: z.string(),
  holderName: z.string(),
  currency: z.literal('TRY'),
  minAmount: dec,
  maxAmount: dec,
});
export type RechargeChannel = z.infer<typeof rechargeChannelSchema>;
export const rechargeChannelsSchema = z.object({
  channels: z.array(rechargeChannelSchema),
  /** Written in the transfer's description so the operator can match it; per user, stable. */
  referenceCode: z.string(),
  hours: fundingHoursSchema,
});
export type RechargeChannels = z.infer<typeof rechargeChannelsSchema>;

/**
 * A bank transfer the user says they made (`bank`), or an offline deposit
 * with a receipt image (`offline`, multipart/form-data with `receipt`, KYC's upload rules).
 */
export const rechargeAddRequestSchema = z.object({
  channelId: text({ max: 20 }),
  amount: decimal(),
  method: oneOf(['bank', 'offline']).default('bank'),
  /** The sender's name as on the transfer (defaults to the KYC name). */
  payerName: text({ max: 100 }).optional(),
});
export type RechargeAddRequest = z.input<typeof rechargeAddRequestSchema>;

/** SPEC §4: deposits in progress | success | failed; a withdrawal also `cancelled` by its user. */
export const FUNDING_STATUSES = ['pending', 'success', 'failed', 'cancelled'] as const;
export type FundingStatus = (typeof FUNDING_STATUSES)[number];

/**
 * Where a deposit or a withdrawal stands, alike for both: a crypto one's chain transfer (null for
 * the others), why it was rejected (in the caller's language; null unless failed), when it was
 * made and decided.
 */
const requestState = {
  chain: z.string().nullable(),
  address: z.string().nullable(),
  txHash: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: ms,
  decidedAt: ms.nullable(),
};

export const depositSchema = z.object({
  id,
  kind: z.enum(['bank', 'offline', 'crypto']),
  currency: z.string(),
  amount: dec,
  status: z.enum(FUNDING_STATUSES),
  /** Bank deposits: the receiving account and the reference written on the transfer. */
  channel: z.object({ id, bankName: z.string(), iban: z.string() }).nullable(),
  referenceCode: z.string().nullable(),
  hasReceipt: z.boolean(),
  ...requestState,
  /** The ledger transaction that credited it (success only). */
  transactionId: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositPageSchema = pageOf(depositSchema);

/**
 * One (`id`) or a page, newest first (by time, then id); /coin/recharge/order
 * the same for coins, and the withdrawal lists. `before`: the last row shown (pagingCursor).
 */
export const fundingListRequestSchema = z.object({
  id: rowId.optional(),
  status: oneOf(FUNDING_STATUSES).optional(),
  currency: text({ max: 20 }).optional(),
  ...paging,
  ...pagingCursor,
});

// ── withdrawals ───────────────────────────────────────────────────────────────

/** TRY from the stock wallet to one of the user's cards. */
export const withdrawAddRequestSchema = z.object({
  cardId: rowId,
  amount: decimal(),
  withdrawPassword: z.string(),
  ...withRequestId,
});
export type WithdrawAddRequest = z.input<typeof withdrawAddRequestSchema>;

export const withdrawalSchema = z.object({
  id,
  kind: z.enum(['bank', 'crypto']),
  currency: z.string(),
  /** Taken from the wallet (held while pending). */
  amount: dec,
  fee: dec,
  /** What arrives: amount − fee. */
  receive: dec,
  status: z.enum(FUNDING_STATUSES),
  /** Bank withdrawals: the card, masked. */
  card: z.object({ id, bankName: z.string(), accountNumber: z.string() }).nullable(),
  ...requestState,
  cancelledAt: ms.nullable(),
  /** The hold's ledger transaction, and the one that booked (success) or released (failed, cancelled) it. */
  holdTransactionId: z.string(),
  settleTransactionId: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalPageSchema = pageOf(withdrawalSchema);

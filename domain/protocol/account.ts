import { z } from 'zod';
import { ID_STATUSES } from './user';
import { ACCOUNT_TYPES, PRODUCT_CURRENCIES, PRODUCT_KINDS, SPOT_WALLETS, WALLETS } from './wallets';

// Read without zod from ./wallets.ts; here too for the modules that have always imported them here.
export {
  ACCOUNT_TYPES,
  PRODUCT_KINDS,
  SPOT_WALLETS,
  WALLET_CASH,
  WALLETS,
  type AccountType,
  type SpotWallet,
  type Wallet,
} from './wallets';

/** Money, prices and quantities travel as canonical decimal strings (DECISIONS §4). */
const decimalString = z.string();
/** Epoch milliseconds. */
const epochMs = z.number().int();

/** GET/POST /user/info and the `user` of the login answer. */
export const userProfileSchema = z.object({
  id: z.string(),
  account: z.string(),
  accountKind: z.enum(['email', 'phone']),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  nickname: z.string().nullable(),
  status: z.number().int(),
  idStatus: z.enum(ID_STATUSES),
  investorType: z.enum(['regular', 'hni']),
  openAutoApply: z.union([z.literal(0), z.literal(1)]),
  tradePasswordSet: z.boolean(),
  withdrawPasswordSet: z.boolean(),
  confirmOrdersWithTradePassword: z.boolean(),
  inviteCode: z.string().nullable(),
  createdAt: epochMs,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Both tokens; `userToken` is the real one. */
export const loginAnswerSchema = z.object({
  userToken: z.string(),
  userTokenReal: z.string(),
  userTokenDemo: z.string(),
  user: userProfileSchema,
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** One wallet currency of the account of the token used, derived from the ledger. */
export const walletBalanceSchema = z.object({
  wallet: z.enum(WALLETS),
  currency: z.string(),
  /** What can be used now: not frozen in orders and, for shares, not T+1-locked. */
  available: decimalString,
  frozen: decimalString,
  /** Shares bought under T+1 that are not sellable yet (stock wallet; `0` elsewhere). */
  locked: decimalString.default('0'),
  /** available + frozen + locked. */
  total: decimalString,
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/**
 * Money a product holds for the account outside its wallets (AI stock products' and robots'
 * own accounts, open options' value), so the portfolio's total stays whole: the sum of the open
 * orders or positions of one product, valued by the broker at its source's last prices.
 */
export const productValueSchema = z.object({
  product: z.enum(PRODUCT_KINDS),
  currency: z.enum(PRODUCT_CURRENCIES),
  value: decimalString,
  /** Open orders or positions counted. */
  count: z.number().int(),
});
export type ProductValue = z.infer<typeof productValueSchema>;

/**
 * What the account's spot fills (and, for a coin, its conversions into or out of it) moved since
 * the market's day reference (BIST: the start of the current session day; coins: 24 h ago), for
 * one traded asset: the day's P&L counts a price move only for what was held, so it needs what
 * was bought or sold since (domain/portfolio/value, exchange-trades).
 */
export const dayTradeSchema = z.object({
  wallet: z.enum(SPOT_WALLETS),
  /** The asset as the wallet holds it (a share's symbol, a coin's base). */
  currency: z.string(),
  /** Net quantity acquired: buys − sells. */
  qty: decimalString,
  /** Net cash paid in the wallet's cash currency (TRY, USDT), fees included; negative: received. */
  cost: decimalString,
});
export type DayTrade = z.infer<typeof dayTradeSchema>;

/**
 * What moved one cash balance (stock TRY, coin USDT, contract USDT) since its market's day
 * reference (the same windows as `today`) other than spot fills, from the ledger: the day P&L
 * counts the wallet's own P&L and no gain or loss on money that came or went without trading
 * (domain/portfolio/value). A demo reset inside the window starts it anew: nothing before it
 * counts and the balance it left is a flow.
 */
export const dayCashSchema = z.object({
  wallet: z.enum(WALLETS),
  /** The wallet's cash currency (TRY, USDT). */
  currency: z.string(),
  /**
   * The wallet's own P&L postings, signed: for the contract wallet, realised P&L of closes and
   * liquidations, opening, closing and liquidation fees, funding; `0` elsewhere (spot fills are
   * `today`'s).
   */
  pnl: decimalString,
  /**
   * Everything else that moved it, signed: deposits, withdrawals, operator and demo funding,
   * resets, transfers between the wallets, TRY ↔ USDT exchange (a coin's conversion is `today`'s),
   * products bought or paid out.
   */
  flows: decimalString,
});
export type DayCash = z.infer<typeof dayCashSchema>;

/**
 * What the real account owes on its loans (server/loans), TRY: principal outstanding plus interest
 * accrued and not yet paid. A loan's money sits in the stock wallet, so without this line the
 * total would count borrowed money as owned. `interest` is what accrued since the
 * stock day reference: a cost in the day's figure; the disbursement and repayments are flows.
 */
export const loanDebtSchema = z.object({
  currency: z.literal('TRY'),
  owed: decimalString,
  interest: decimalString,
  /** Loans out (active or repaying). */
  count: z.number().int(),
});
export type LoanDebt = z.infer<typeof loanDebtSchema>;

/**
 * One wallet's realised P&L on paper and what the same fills would have made on a real venue
 * (docs/real-costs.md), in its cash (stock TRY, coin and contract USDT). The four lines are what made the
 * difference, positive where the real venue cost more: paper − realistic = their sum. `fills`
 * counts the wallet's fills, `priced` those with a realistic counterpart (older ones count on
 * paper only).
 */
export const realisticPnlSchema = z.object({
  wallet: z.enum(WALLETS),
  currency: z.string(),
  paper: decimalString,
  realistic: decimalString,
  slippage: decimalString,
  fees: decimalString,
  taxes: decimalString,
  queue: decimalString,
  fills: z.number().int(),
  priced: z.number().int(),
});
export type RealisticPnl = z.infer<typeof realisticPnlSchema>;

export const assetsAnswerSchema = z.object({
  accountType: z.enum(ACCOUNT_TYPES),
  balances: z.array(walletBalanceSchema),
  /** Products with something open; absent or empty when none. */
  products: z.array(productValueSchema).optional(),
  /** Assets traded on spot since their day reference; absent (older answers, a reset) or empty when none. */
  today: z.array(dayTradeSchema).optional(),
  /** Each cash balance's moves since its day reference; absent in older answers. */
  todayCash: z.array(dayCashSchema).optional(),
  /**
   * USDT: the open P&L, at the coin reference (24 h ago), of the contract positions open then
   * (closed since or not), at each ticker's `prev` on the quantity it held then (what is open
   * now plus what closed since, domain/portfolio/open-pnl-ref.ts); a position opened since
   * counts 0. Absent in older answers; null while a ticker is missing.
   */
  openPnlRef: decimalString.nullable().optional(),
  /** Loans still owed (real account); absent when none. */
  loanDebt: loanDebtSchema.optional(),
  /**
   * Paper and realistic P&L per spot wallet that has fills, then the contract wallet once a
   * position has realised some; absent when none has (or in older answers); null when it could
   * not be read this time (the rest of the answer stands).
   */
  realistic: z.array(realisticPnlSchema).nullable().optional(),
});
export type AssetsAnswer = z.infer<typeof assetsAnswerSchema>;

/** The image types a KYC upload (and a support-chat image) may be; sniffed from the bytes. */
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** An uploaded image's id: 128 random bits, so ids cannot be guessed or walked. */
export const IMAGE_ID = /^[0-9a-f]{32}$/;

/** The KYC state; numbers are masked, images referenced by id. */
export const kycStateSchema = z.object({
  idStatus: z.enum(ID_STATUSES),
  certType: z.enum(['id_card', 'driving_licence', 'passport']).nullable(),
  fullName: z.string().nullable(),
  certNumberMasked: z.string().nullable(),
  taxIdMasked: z.string().nullable(),
  frontImageId: z.string().nullable(),
  backImageId: z.string().nullable(),
  reason: z.string().nullable(),
  submittedAt: epochMs.nullable(),
  reviewedAt: epochMs.nullable(),
});
export type KycState = z.infer<typeof kycStateSchema>;

/** When the next code may be asked for; the code itself goes to the outbox. */
export const codeSentSchema = z.object({ resendAfterSeconds: z.number().int() });

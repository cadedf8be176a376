import { z } from 'zod';
import { WALLETS } from '../domain/protocol/account';
import { BASKET_KINDS, WEIGHTINGS } from '../domain/ai-products/basket';
import { decimal } from '../domain/validation/fields';
// robots
import { robotSettingsSchema } from './robots/settings-schema';

/** A rate as a canonical decimal in [0, 1), at the money column's scale as every figure it makes. */
const rate = decimal().refine((v) => !v.startsWith('-') && Number(v) < 1);

/** A non-negative amount as a canonical decimal its column (NUMERIC(38,18)) holds exactly. */
const money = decimal().refine((v) => !v.startsWith('-'));

/** Settings an operator may tune; the seed writes these defaults on the first run. */
// `sandbox` is deliberately not a setting: this server moves paper money only, and no
// operator switch may make it claim otherwise (DECISIONS §2).
export const settingSchemas = {
  /** SPEC §3's chat-script URL; empty means the built-in support chat. */
  serviceSaleSmartly: z.string(),
  /** What a demo account starts with, and what a demo reset restores (DECISIONS §3). */
  demoStartingBalances: z
    .array(
      z.object({
        wallet: z.enum(WALLETS),
        currency: z.string().regex(/^[A-Z0-9]{2,20}$/),
        amount: decimal().refine((v) => !v.startsWith('-') && !/^0(\.0+)?$/.test(v)),
      }),
    )
    .max(50),
  /** Stock order costs (DECISIONS §5): commission rate of the amount, BSMV of the commission, exchange fee rate. */
  stockCosts: z.object({
    commissionRate: rate,
    /** Smallest commission per fill, in TRY (0: none). */
    minCommission: decimal(),
    bsmvRate: rate,
    exchangeFeeRate: rate,
  }),
  /** SPEC §5's configured minimum order amount (TRY) and maximum shares per order. */
  stockOrderLimits: z.object({
    minAmount: decimal(),
    maxShares: z.number().int().positive(),
  }),
  /** Coin spot: fee rate of the amount (charged in the quote coin), minimum order amount in USDT. */
  coinSpot: z.object({ feeRate: rate, minAmount: decimal() }),
  /** Perpetual contracts (DECISIONS §2–§3): leverage choices (cap), fees, maintenance tiers, minimum. */
  contracts: z.object({
    leverages: z.array(z.number().int().min(1).max(125)).min(1).max(20),
    feeRate: rate,
    liquidationFeeRate: rate,
    tiers: z
      .array(
        z.object({
          maxNotional: decimal().nullable(),
          mmr: rate,
          deduction: decimal(),
        }),
      )
      .min(1),
    minNotional: decimal(),
    /** The disclosure text version; raising it asks everyone to accept again. */
    riskVersion: z.number().int().positive(),
  }),
  /**
   * Funding: when requests are accepted, TRY deposit/withdrawal terms, the broker's
   * receiving accounts, and the sandbox payment simulator (null: every request waits for the operator).
   */
  funding: z.object({
    hours: z.object({
      alwaysOpen: z.boolean(),
      days: z.array(z.number().int().min(1).max(7)).max(7),
      from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
      to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/),
    }),
    deposit: z.object({ min: money, max: money }),
    withdraw: z.object({
      min: money,
      max: money,
      feeRate: rate,
      feeMin: money,
      expectedHours: z.number().int().min(0),
    }),
    maxCards: z.number().int().positive(),
    channels: z
      .array(
        z.object({
          id: z.string().regex(/^[a-z0-9-]{1,20}$/),
          bankName: z.string(),
          iban: z.string(),
          holderName: z.string(),
        }),
      )
      .max(20),
    simulator: z.object({ approveAfterSeconds: z.number().int().positive() }).nullable(),
  }),
  /** Crypto funding: coins and chains with their terms; how many withdrawal addresses a user may save. */
  coinFunding: z.object({
    coins: z
      .array(
        z.object({
          currency: z.string().regex(/^[A-Z0-9]{2,20}$/),
          name: z.string(),
          chains: z.array(
            z.object({
              chain: z.string().regex(/^[A-Z0-9]{2,20}$/),
              name: z.string(),
              depositEnabled: z.boolean(),
              withdrawEnabled: z.boolean(),
              minDeposit: money,
              confirmations: z.number().int().min(0),
              minWithdraw: money,
              withdrawFee: money,
              expectedMinutes: z.number().int().min(0),
            }),
          ),
        }),
      )
      .max(50),
    maxAddresses: z.number().int().positive(),
    /** Sandbox chain simulator: confirms reported transfers after this many seconds (null: operator only). */
    simulator: z.object({ confirmAfterSeconds: z.number().int().positive() }).nullable(),
  }),
  /** Exchange: spread around the book's mid, fee of what is received, how long a quote holds. */
  exchange: z.object({ spread: rate, feeRate: rate, quoteSeconds: z.number().int().min(1).max(120) }),
  /**
   * Stock options: shares per contract, the strike grid (a share of the spot per step,
   * steps each side), the fee, SPEC §5's minimum option buy amount (premium total, TRY), contracts
   * per order, the early-close spread, how far a shown premium may be from the server's, the annual
   * risk-free rate, how long before its close an expiry stops being offered, and how long a quote
   * is honoured.
   */
  options: z.object({
    multiplier: z.number().int().min(1).max(10_000),
    strikeStepRate: rate,
    strikesEachSide: z.number().int().min(1).max(20),
    feeRate: rate,
    minFee: money,
    minPremium: money,
    maxContracts: z.number().int().min(1).max(1_000_000),
    closeSpread: rate,
    priceTolerance: rate,
    rate,
    minLifeMinutes: z.number().int().min(0).max(1440),
    /** How long a quote is honoured (like exchange's); a setting stored before it existed gets 10. */
    quoteSeconds: z.number().int().min(1).max(120).default(10),
  }),
  /**
   * AI stock products: each a basket rule on an index's members, rebalanced
   * `rebalanceDays` days after the last rebalance (at the first pass the market is open), bought from `minAmount` TRY; the backtest replays the rule on
   * the last `backtestDays` daily bars. Shown as rules with measured results (DECISIONS §2).
   */
  aiProducts: z.object({
    products: z
      .array(
        z.object({
          id: z.string().regex(/^[a-z0-9-]{1,40}$/),
          kind: z.enum(BASKET_KINDS),
          weighting: z.enum(WEIGHTINGS),
          lookbackDays: z.number().int().min(1).max(250),
          count: z.number().int().min(1).max(30),
          rebalanceDays: z.number().int().min(1).max(90),
          universe: z.string().regex(/^[A-Z0-9]{2,20}$/),
          minAmount: money,
        }),
      )
      .max(20),
    backtestDays: z.number().int().min(10).max(500),
  }),
  // robots: the four strategies on sale and their disclosed terms (server/robots/settings-schema.ts).
  robots: robotSettingsSchema,
  /**
   * Loans: the amount range (TRY), the borrowing periods offered (days), the rate, per
   * day or per year, and the penalty rate (same kind) added to it past the due date
   * (domain/loans/money.ts: simple interest by the moment, a started kuruş charged).
   */
  loans: z.object({
    minAmount: money,
    maxAmount: money,
    days: z.array(z.number().int().min(1).max(3650)).min(1).max(20),
    rateKind: z.enum(['daily', 'annual']),
    rate,
    // A row stored before the penalty existed keeps its other terms and gets the default.
    penaltyRate: rate.default('0.0005'),
  }),
  // — membership —
  /**
   * VIP: SPEC's free trial of {0} days (taken once, when the user starts it), then a purchase of
   * `price` TRY from the real stock account for `validityDays` days.
   */
  vip: z.object({
    trialDays: z.number().int().min(0).max(365),
    price: money.refine((v) => !/^0(\.0+)?$/.test(v)),
    validityDays: z.number().int().min(1).max(3650),
  }),
  /**
   * Replays (server/replay): how many days of the market's record are kept, and what a replay's
   * paper account starts with (and a reset restores), by currency.
   */
  replay: z.object({
    retentionDays: z.number().int().min(1).max(30),
    startingBalances: z.object({ TRY: money, USDT: money }),
  }),
} as const;

/**
 * The account's kinds and wallets (DECISIONS §3). In a file of their own, apart from ./account.ts
 * (which builds zod schemas as it loads, and re-exports these), so the wallet screen and the hand
 * check of its answer (./assets-parse.ts) read them without zod.
 */
export const ACCOUNT_TYPES = ['real', 'demo'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const WALLETS = ['stock', 'coin', 'contract'] as const;
export type Wallet = (typeof WALLETS)[number];
/** The wallets spot orders trade in: BIST shares for TRY, coins for USDT. */
export const SPOT_WALLETS = ['stock', 'coin'] as const satisfies readonly Wallet[];
export type SpotWallet = (typeof SPOT_WALLETS)[number];

/** The cash currency of each wallet (DECISIONS §3): stock TRY, coin and contract USDT. */
export const WALLET_CASH = { stock: 'TRY', coin: 'USDT', contract: 'USDT' } as const satisfies Record<
  Wallet,
  string
>;

/**
 * What holds money for the account outside its wallets (./account.ts productValueSchema).
 * `ico`: a coin sale's tokens allotted and paid for, not yet delivered (they are at their listing).
 */
export const PRODUCT_KINDS = ['ai', 'robot', 'option', 'ico'] as const;
/** The currencies a product's value is given in. */
export const PRODUCT_CURRENCIES = ['TRY', 'USDT'] as const;

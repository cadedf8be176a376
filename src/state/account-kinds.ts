/** The account a session trades on, and the ticket the Trade tab opens on (SPEC §3's stored keys). */
export const ACCOUNT_TYPES = ['demo', 'real'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const TRADE_TYPES = ['stock', 'coin', 'contract'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

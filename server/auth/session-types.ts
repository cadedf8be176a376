/** Who a request acts for: the user and which of their two accounts (DECISIONS §3). */
export type AccountType = 'real' | 'demo';
export type Session = { userId: bigint; accountType: AccountType };

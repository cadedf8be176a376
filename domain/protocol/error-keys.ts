/**
 * Stable reasons carried in an error envelope's `key`. Each has a message in
 * locales/<lang>/errors.json, which the server localizes and the client can show by key.
 */
export const ERROR_KEYS = [
  'SESSION_INVALID',
  'FIELD_REQUIRED',
  'FIELD_INVALID_TYPE',
  'FIELD_TOO_LONG',
  'FIELD_TOO_SHORT',
  'FIELD_INVALID_CHARS',
  'FIELD_INVALID',
  'NUMBER_FORMAT',
  /** A typed number whose one separator may group thousands or mark decimals ("1.125" in tr-TR). */
  'NUMBER_AMBIGUOUS',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'MALFORMED_REQUEST',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'NOT_FOUND',
  /** A message id the session cannot see (another user's, the other account's, or none). */
  'MESSAGE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  /** Cluster: no node owns trading right now (a takeover under way); nothing was done. */
  'TRADING_UNAVAILABLE',
  /** Cluster: the owner did not answer in time; the call may have been carried out. */
  'TRADING_UNCONFIRMED',
  /** A `requestId` whose first request has not answered (still running, or its outcome unknown). */
  'REQUEST_IN_PROGRESS',
  /** A `requestId` already used for another route or other values; nothing was done. */
  'REQUEST_ID_REUSED',
  'NETWORK_ERROR',
  'PASSWORD_LENGTH',
  /** A login password change to the password already in use: nothing would change. */
  'PASSWORD_SAME',
  'PASSWORDS_MISMATCH',
  'TRADE_PASSWORD_FORMAT',
  'WITHDRAW_PASSWORD_FORMAT',
  'PHONE_FORMAT',
  'EMAIL_FORMAT',
  'CODE_INCORRECT',
  'CODE_EXPIRED',
  'CODE_ATTEMPTS_EXCEEDED',
  'CODE_RATE_LIMITED',
  'AGREEMENT_REQUIRED',
  'PRIVACY_PERMISSION_REQUIRED',
  'ACCOUNT_EXISTS',
  'LOGIN_FAILED',
  'LOGIN_THROTTLED',
  'PASSWORD_INCORRECT',
  'TRADE_PASSWORD_INCORRECT',
  'WITHDRAW_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_NOT_SET',
  'WITHDRAW_PASSWORD_NOT_SET',
  'PIN_LOCKED',
  /** A trade or withdrawal password being set that is one digit repeated or a run (123456). */
  'PIN_TOO_SIMPLE',
  /** The withdrawal password being set is the trade password: it is meant to be a second secret. */
  'WITHDRAW_PASSWORD_SAME_AS_TRADE',
  /** The trade password being set is the withdrawal password. */
  'TRADE_PASSWORD_SAME_AS_WITHDRAW',
  'INVITE_CODE_INVALID',
  'EMAIL_IN_USE',
  /** A change of email to the address the account already has: no code is sent for it. */
  'EMAIL_SAME',
  'KYC_REQUIRED',
  'KYC_PENDING',
  'KYC_ALREADY_VERIFIED',
  'FULL_NAME_FORMAT',
  'CERT_NUMBER_FORMAT',
  'TCKN_INVALID',
  'IMAGE_TYPE',
  'IMAGE_TOO_LARGE',
  'DEMO_NOT_ALLOWED',
  'DEMO_ONLY',
  'INSUFFICIENT_BALANCE',
  'FORBIDDEN',
  'UNKNOWN_SYMBOL',
  'WATCHLIST_FULL',
  /** A user's chart lines are at their limit (server/drawings/store.ts DRAWINGS_MAX). */
  'DRAWING_LIMIT',
  /** A chart line id the user does not own (another's, or one already removed). */
  'DRAWING_NOT_FOUND',
  'AUTH_REQUIRED',
  'AUTH_FAILED',
  'TOO_MANY_SUBSCRIPTIONS',
  // trading (stocks, coins, contracts)
  'ORDER_AMOUNT_ZERO',
  'LIMIT_PRICE_ZERO',
  'PRICE_TICK',
  'PRICE_OUTSIDE_BAND',
  'LOT_MULTIPLE',
  /** LOT_MULTIPLE when the lot is 1: "a whole number", not "a multiple of 1". */
  'QUANTITY_WHOLE',
  'ORDER_BELOW_MINIMUM',
  'ORDER_ABOVE_MAXIMUM',
  'LIMIT_UP_NO_BUY',
  'NOT_TRADABLE',
  'AVAILABLE_QUANTITY_ZERO',
  'INSUFFICIENT_QUANTITY',
  'T1_LOCKED',
  'MARKET_CLOSED',
  'NO_LIQUIDITY',
  'FEED_STALE',
  'ORDER_NOT_FOUND',
  'ORDER_NOT_CANCELLABLE',
  'CLIENT_ORDER_ID_REUSED',
  'TRADE_PASSWORD_REQUIRED',
  'TRANSFER_SAME_WALLET',
  'AMOUNT_NOT_POSITIVE',
  'QUANTITY_NOT_POSITIVE',
  'LEVERAGE_NOT_ALLOWED',
  'RISK_NOT_ACCEPTED',
  'TAKE_PROFIT_ABOVE',
  'TAKE_PROFIT_BELOW',
  'STOP_LOSS_BELOW',
  'STOP_LOSS_ABOVE',
  'STOP_LOSS_BEYOND_LIQUIDATION',
  'POSITION_NOT_FOUND',
  'POSITION_CLOSED',
  'POSITION_TOO_SMALL',
  'POSITION_TOO_LARGE',
  'MARGIN_OR_QUANTITY',
  'CLOSE_QUANTITY_TOO_LARGE',
  // funding (deposits, withdrawals, cards, addresses, exchange)
  'IBAN_FORMAT',
  'IBAN_CHECKSUM',
  'HOLDER_NAME_MISMATCH',
  'BANK_CARD_EXISTS',
  'BANK_CARD_LIMIT',
  'BANK_CARD_NOT_FOUND',
  'BANK_CARD_IN_USE',
  'BANK_CARD_REQUIRED',
  'FUNDING_CLOSED',
  'AMOUNT_BELOW_MINIMUM',
  'AMOUNT_ABOVE_MAXIMUM',
  'AMOUNT_PRECISION',
  'AMOUNT_REQUIRED',
  'AMOUNT_NOT_A_NUMBER',
  'AMOUNT_STEP',
  'AMOUNT_ABOVE_BALANCE',
  /** A second decimal separator typed into an amount field. */
  'AMOUNT_ONE_SEPARATOR',
  /** A pasted amount whose one separator may group thousands or mark decimals. */
  'AMOUNT_AMBIGUOUS',
  /** A fraction typed into a field of whole numbers (lots). */
  'AMOUNT_NOT_WHOLE',
  'CHANNEL_NOT_FOUND',
  'RECEIPT_REQUIRED',
  'DEPOSIT_NOT_FOUND',
  'DEPOSIT_NOT_PENDING',
  'WITHDRAWAL_NOT_FOUND',
  'WITHDRAWAL_NOT_PENDING',
  'FEE_EXCEEDS_AMOUNT',
  'UNKNOWN_COIN',
  'CHAIN_NOT_SUPPORTED',
  'ADDRESS_FORMAT',
  'ADDRESS_EXISTS',
  'ADDRESS_NOT_FOUND',
  'ADDRESS_LIMIT',
  'OWN_DEPOSIT_ADDRESS',
  'TX_HASH_FORMAT',
  'TX_HASH_USED',
  'EXCHANGE_UNSUPPORTED',
  'QUOTE_EXPIRED',
  'QUOTE_NOT_FOUND',
  // primary market: the keys of domain/ipo/errors.ts, plus IPO_NOT_FOUND
  'IPO_NOT_SUBSCRIBING',
  'IPO_ALREADY_APPLIED',
  'IPO_LOTS_BELOW_MINIMUM',
  'IPO_LOTS_ABOVE_MAXIMUM',
  'IPO_LOTS_NOT_MULTIPLE',
  'IPO_INSUFFICIENT_BALANCE',
  'IPO_WINDOW_ORDER',
  'IPO_SYMBOL_LISTED',
  'IPO_SYMBOL_OFFERED',
  'IPO_DUPLICATE_APPLICATION',
  'IPO_STATUS_TRANSITION',
  'IPO_PAYMENT_CLOSED',
  'ICO_NOT_SUBSCRIBING',
  'ICO_TERMS_INVALID',
  'ICO_TOKEN_LISTED',
  'ICO_TOKEN_OFFERED',
  'ICO_INSUFFICIENT_BALANCE',
  'BLOCK_NOT_OPEN',
  'BLOCK_VIP_ONLY',
  'BLOCK_DISCOUNT_INVALID',
  'BLOCK_LOTS_BELOW_MINIMUM',
  'BLOCK_LOTS_ABOVE_MAXIMUM',
  'BLOCK_LOTS_ABOVE_REMAINING',
  'BLOCK_INSUFFICIENT_BALANCE',
  'BLOCK_LOCKED_UP',
  'IPO_NOT_FOUND',
  // `ipo advance` (operator sandbox clock): a step out of order, or nothing left to advance
  'IPO_ADVANCE_ORDER',
  'IPO_ADVANCE_DONE',
  // options
  'OPTION_NOT_FOUND',
  'OPTION_STRIKE_UNKNOWN',
  'OPTION_EXPIRY_UNKNOWN',
  'OPTION_EXPIRED',
  'OPTION_NOT_OPEN',
  'OPTION_BELOW_MINIMUM',
  'OPTION_CONTRACTS_ABOVE_MAXIMUM',
  'OPTION_PRICE_CHANGED',
  'OPTION_QUOTE_STALE',
  'OPTION_CONTRACTS_ABOVE_POSITION',
  // coin ICOs: /coin/order/new/apply's refusals beyond domain/ipo/ico's
  // (its amounts refuse with AMOUNT_* in USDT, and a short balance with ICO_INSUFFICIENT_BALANCE)
  'ICO_NOT_FOUND',
  'ICO_ALREADY_APPLIED',
  // block trades (offline subscription answers with the IPO_* keys)
  'BLOCK_NOT_FOUND',
  'BLOCK_PRICE_CHANGED',
  // AI stock products
  'AI_PRODUCT_NOT_FOUND',
  'AI_ORDER_NOT_FOUND',
  'AI_ORDER_NOT_OPEN',
  'AI_BELOW_MINIMUM',
  'AI_DEMO_NOT_ALLOWED',
  'AI_MARKET_CLOSED',
  'AI_NO_BASKET',
  'AI_NO_LIQUIDITY',
  // robots
  'ROBOT_NOT_FOUND',
  'ROBOT_PAUSED',
  'ROBOT_BELOW_STARTUP_CAPITAL',
  'ROBOT_ABOVE_SINGLE_LIMIT',
  'ROBOT_DAYS_OUT_OF_RANGE',
  'ROBOT_ORDER_NOT_FOUND',
  'ROBOT_ORDER_NOT_RUNNING',
  // loans and support chat
  'LOAN_DEMO_NOT_ALLOWED',
  'LOAN_AMOUNT_OUT_OF_RANGE',
  'LOAN_DAYS_NOT_OFFERED',
  'LOAN_ALREADY_OPEN',
  'LOAN_NOT_FOUND',
  'LOAN_NOT_OFFERED',
  'LOAN_NOT_REPAYABLE',
  'LOAN_REPAY_ABOVE_OWED',
  'LOAN_NOT_UNDER_REVIEW',
  'LOAN_NO_REPAYMENT_UNDER_REVIEW',
  'CHAT_EMPTY',
  'CHAT_TOO_LONG',
  // membership: VIP, polls, trading advice
  'VIP_REAL_ACCOUNT_ONLY',
  'VIP_TRIAL_USED',
  'VIP_PRICE_CHANGED',
  'VIP_STATE_CHANGED',
  'VIP_REQUIRED',
  'VOTE_POLL_NOT_FOUND',
  'VOTE_POLL_CLOSED',
  'VOTE_OPTION_UNKNOWN',
  'VOTE_ALREADY_CAST',
  // alerts and Web Push
  'ALERT_LIMIT_REACHED',
  'ALERT_NOT_FOUND',
  /** A price alert whose line the price is already at or past: it would have nothing to cross. */
  'ALERT_ALREADY_PAST',
  /** A liquidation or margin alert on a symbol without contracts (no mark). */
  'ALERT_NOT_CONTRACT',
  'ALERT_THRESHOLD_RANGE',
  /** A price alert on a symbol with no price yet. */
  'ALERT_NO_PRICE',
  'PUSH_SUBSCRIPTION_INVALID',
  'PUSH_QUIET_HOURS_INVALID',
  // conditional orders
  'CONDITIONAL_TRIGGER_CROSSED',
  'CONDITIONAL_TRAIL_INVALID',
  'CONDITIONAL_OCO_INVALID',
  'CONDITIONAL_LIMIT_REQUIRED',
  'CONDITIONAL_EXPIRY_PAST',
  'CONDITIONAL_NOT_FOUND',
  'CONDITIONAL_NOT_CANCELLABLE',
  // passkeys
  /** A passkey answer that does not verify: unknown key, wrong signature, spent or stale challenge. */
  'PASSKEY_FAILED',
  /** The authenticator offered a passkey this account (or another) already has. */
  'PASSKEY_EXISTS',
  'PASSKEY_LIMIT',
  'PASSKEY_NOT_FOUND',
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];

export function isErrorKey(value: string): value is ErrorKey {
  return (ERROR_KEYS as readonly string[]).includes(value);
}

/**
 * The error texts that ship with the product screens rather than the first load (the initial JS
 * budget, scripts/bundle-budget.mjs): keys only those screens' actions can meet — funding, the
 * primary market, options, contract orders. Every screen that can meet them registers a lazy
 * namespace (src/i18n-namespace.ts), which brings these texts with it.
 */
export const SCREEN_ERROR_PREFIXES = [
  'IPO_',
  'ICO_',
  'BLOCK_',
  'OFFLINE_',
  'OPTION_',
  'IBAN_',
  'HOLDER_NAME_',
  'BANK_CARD_',
  'FUNDING_',
  'CHANNEL_',
  'RECEIPT_',
  'DEPOSIT_',
  'WITHDRAWAL_',
  'FEE_EXCEEDS_',
  'CHAIN_',
  'ADDRESS_',
  'OWN_DEPOSIT_',
  'TX_HASH_',
  'EXCHANGE_',
  'QUOTE_',
  'TAKE_PROFIT_',
  'STOP_LOSS_',
  'LEVERAGE_',
  'RISK_NOT_',
  'MARGIN_OR_',
  'CLOSE_QUANTITY_',
  // AI stock products
  'AI_',
  // robots
  'ROBOT_',
  // loans and support chat
  'LOAN_',
  'CHAT_',
  // conditional orders
  'CONDITIONAL_',
  // membership
  'VIP_',
  'VOTE_',
  'ADVICE_',
  // the amount field's refusals (money forms and tickets)
  'AMOUNT_',
  // the trade and withdrawal PINs: asked on product screens and set on security screens, each of
  // which loads a namespace (and with it this part)
  'TRADE_PASSWORD_',
  'WITHDRAW_PASSWORD_',
  'PIN_',
  // sign-in, sign-up, codes and identity: the account and KYC screens, which load a namespace too
  'LOGIN_',
  'PASSWORD_',
  'EMAIL_',
  'CODE_',
  'AGREEMENT_',
  'KYC_',
  'IMAGE_',
  // alerts and Web Push: the alerts and notifications screens load their namespace
  'ALERT_',
  'PUSH_',
  // passkeys: the sign-in and passkeys screens, which load a namespace
  'PASSKEY_',
] as const;

/** Whether `key`'s text ships with the product screens (see SCREEN_ERROR_PREFIXES). */
export function isScreenErrorKey(key: string): boolean {
  return SCREEN_ERROR_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/**
 * Error keys of the products: the primary market (IPO, ICO, block trades), options, AI products,
 * robots, loans and support chat, membership, alerts and Web Push, conditional orders, passkeys
 * (see error-keys.ts).
 */
export const PRODUCT_ERROR_KEYS = [
  // the primary market: domain/ipo's refusals (where an existing key already says it —
  // ORDER_AMOUNT_ZERO, FIELD_INVALID, LOT_MULTIPLE, AMOUNT_* — that key is used instead)
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
  /** A price alert's level of 0: a price is above 0. */
  'ALERT_LEVEL_NOT_POSITIVE',
  /** A price alert's level so far from the last price that no session could reach it (a typo). */
  'ALERT_LEVEL_FAR',
  /** A price alert on a symbol with no price yet. */
  'ALERT_NO_PRICE',
  'PUSH_SUBSCRIPTION_INVALID',
  'PUSH_ENDPOINT_REFUSED',
  'PUSH_QUIET_HOURS_INVALID',
  // conditional orders
  'CONDITIONAL_TRIGGER_CROSSED',
  'CONDITIONAL_TRAIL_INVALID',
  /** A trigger of 0: said under its field on the ticket, as a limit price of 0 is. */
  'CONDITIONAL_PRICE_NOT_POSITIVE',
  'CONDITIONAL_OCO_INVALID',
  'CONDITIONAL_LIMIT_REQUIRED',
  'CONDITIONAL_EXPIRY_PAST',
  'CONDITIONAL_NOT_FOUND',
  'CONDITIONAL_NOT_CANCELLABLE',
  /** A modify of a conditional order that has fired or ended. */
  'CONDITIONAL_NOT_MODIFIABLE',
  /** The account already has the most waiting conditional orders it may (domain/limits.ts). */
  'CONDITIONAL_LIMIT',
  // passkeys
  /** A passkey answer that does not verify: unknown key, wrong signature, spent or stale challenge. */
  'PASSKEY_FAILED',
  /** The authenticator offered a passkey this account (or another) already has. */
  'PASSKEY_EXISTS',
  'PASSKEY_LIMIT',
  /** A passkey answer to a challenge older than the options' timeout: start again. */
  'PASSKEY_CHALLENGE_EXPIRED',
  'PASSKEY_NOT_FOUND',
  // the risk check, the journal and reports
  /** A contract above 5× or an option bought before the risk check of its `kind` is passed. */
  'RISK_CHECK_REQUIRED',
  /** A risk-check round that is not the user's, or already passed. */
  'RISK_CHECK_NOT_FOUND',
  /** An answer to a question the round does not ask (answered already, or another round's). */
  'RISK_CHECK_QUESTION_UNKNOWN',
  /** A check asked for at 5× or less: nothing to check. */
  'RISK_CHECK_NOT_NEEDED',
  /** The position the check would ask about opens nothing at this price (a margin too small). */
  'RISK_CHECK_NO_POSITION',
  'JOURNAL_TRADE_NOT_FOUND',
  /** More tags on a trade than the journal keeps (`max`). */
  'JOURNAL_TAGS_TOO_MANY',
  /** A tag longer than `max` characters, or empty. */
  'JOURNAL_TAG_INVALID',
  /** A report or export range whose start is after its end. */
  'REPORT_RANGE_INVALID',
  /** An export range longer than `max` days. */
  'REPORT_RANGE_TOO_LONG',
] as const;

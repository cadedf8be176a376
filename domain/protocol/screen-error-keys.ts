/**
 * The error texts that ship with the product screens rather than the first load (the initial JS
 * budget, scripts/bundle-budget.mjs): keys only those screens' actions can meet — funding, the
 * primary market, options, contract orders. Every screen that can meet them registers a lazy
 * namespace (src/i18n/namespace.ts), which brings these texts with it.
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
  // the session replays and the learner's journal and reports, each screen with its namespace
  'REPLAY_',
  'JOURNAL_',
  'REPORT_',
  // the form fields' names a refusal names (use-zod-form, the KYC form), not an error of its own
  'fields',
] as const;

/** Whether `key`'s text ships with the product screens (see SCREEN_ERROR_PREFIXES). */
export function isScreenErrorKey(key: string): boolean {
  return SCREEN_ERROR_PREFIXES.some((prefix) => key.startsWith(prefix));
}

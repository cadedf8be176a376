/** How an email address is typed: the email keyboard, no capital first letter, no spell check. */
export const EMAIL_INPUT = {
  type: 'email',
  inputMode: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

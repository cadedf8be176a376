/**
 * The groups of texts (top-level keys of locales/<lang>/<namespace>.json) only some later screens
 * show: common's legal and install pages, about and the signed-in portfolio card; content's
 * account, KYC, messages, notices and news screens. The build splits them off
 * (vite-plugins/error-texts.ts) so they travel with those screens (src/i18n/pages.ts) and the
 * rest with the first load. Beside error-keys.ts, which splits errors.json.
 */
export const PAGE_TEXT_GROUPS = {
  common: ['legal', 'install', 'about', 'portfolio'],
  content: ['account_type', 'mine', 'assets', 'messages', 'notices', 'news', 'kyc'],
} as const satisfies Record<string, readonly string[]>;

export type SplitNamespace = keyof typeof PAGE_TEXT_GROUPS;

export function isPageTextGroup(ns: SplitNamespace, key: string): boolean {
  return (PAGE_TEXT_GROUPS[ns] as readonly string[]).includes(key);
}

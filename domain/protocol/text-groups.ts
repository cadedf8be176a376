/**
 * The groups of common texts (locales/<lang>/common.json) only some later screens show: the legal
 * and install pages, about, and the signed-in portfolio card. The build splits them off
 * (scripts/vite-error-texts.ts) so they travel with those screens (src/i18n-pages.ts) and the
 * rest of common with the first load (issue 20). Beside error-keys.ts, which splits errors.json.
 */
export const PAGE_TEXT_GROUPS: readonly string[] = ['legal', 'install', 'about', 'portfolio'];

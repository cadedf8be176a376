import enPages from '../locales/en-US/common.json?part=pages';
import trPages from '../locales/tr-TR/common.json?part=pages';
import { i18n } from './i18n';

/**
 * The common texts only some later screens show (the legal and install pages, about, the signed-in
 * portfolio card: scripts/vite-error-texts.ts PAGE_TEXT_GROUPS), merged into `common` when the
 * first of them loads, so the first screen does not download them (issue 20). Imported by every
 * module that reads them; the rest of common is never replaced.
 */
i18n.addResourceBundle('tr-TR', 'common', trPages, true, false);
i18n.addResourceBundle('en-US', 'common', enPages, true, false);

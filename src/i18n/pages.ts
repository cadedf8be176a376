import './content-pages';
import enCommonPages from '../../locales/en-US/common.json?part=pages';
import trCommonPages from '../../locales/tr-TR/common.json?part=pages';
import { addTexts } from './deferred-texts';
import { i18n } from './setup';

/**
 * The texts only some later screens show (common's legal and install pages, about and portfolio
 * card; content's account, KYC, messages, notices and news: domain/protocol/text-groups.ts),
 * merged into their namespaces when the first of those screens loads, so the first screen does
 * not download them. Imported by every module that reads them; nothing is replaced. content's
 * part alone is ./content-pages.ts (the wallet reads no common text of these).
 */
addTexts(i18n, 'tr-TR', 'common', trCommonPages);
addTexts(i18n, 'en-US', 'common', enCommonPages);

import enCommonPages from '../../locales/en-US/common.json?part=pages';
import enContentPages from '../../locales/en-US/content.json?part=pages';
import trCommonPages from '../../locales/tr-TR/common.json?part=pages';
import trContentPages from '../../locales/tr-TR/content.json?part=pages';
import { addTexts } from './deferred-texts';
import { i18n } from './setup';

/**
 * The texts only some later screens show (common's legal and install pages, about and portfolio
 * card; content's account, KYC, messages, notices and news: domain/protocol/text-groups.ts),
 * merged into their namespaces when the first of those screens loads, so the first screen does
 * not download them. Imported by every module that reads them; nothing is replaced.
 */
for (const [lng, ns, texts] of [
  ['tr-TR', 'common', trCommonPages],
  ['en-US', 'common', enCommonPages],
  ['tr-TR', 'content', trContentPages],
  ['en-US', 'content', enContentPages],
] as const)
  addTexts(i18n, lng, ns, texts);

import enContentPages from '../../locales/en-US/content.json?part=pages';
import trContentPages from '../../locales/tr-TR/content.json?part=pages';
import { addTexts } from './deferred-texts';
import { i18n } from './setup';

/**
 * content's later screens' texts (account, KYC, messages, notices and news, the wallet's:
 * domain/protocol/text-groups.ts), apart from common's (./pages.ts): the wallet reads these alone,
 * and common's legal, about and portfolio texts were a file more before its largest paint.
 */
addTexts(i18n, 'tr-TR', 'content', trContentPages);
addTexts(i18n, 'en-US', 'content', enContentPages);

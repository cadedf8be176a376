import enConditional from '../../../locales/en-US/conditional.json';
import trConditional from '../../../locales/tr-TR/conditional.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by the conditional form and screen: the texts travel with their chunks.
addNamespace('conditional', { 'tr-TR': trConditional, 'en-US': enConditional });

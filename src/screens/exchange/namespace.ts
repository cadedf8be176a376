import enExchange from '../../../locales/en-US/exchange.json';
import trExchange from '../../../locales/tr-TR/exchange.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by every exchange screen: the texts travel with their chunks, not the first load.
addNamespace('exchange', { 'tr-TR': trExchange, 'en-US': enExchange });

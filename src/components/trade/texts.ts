import enTrade from '../../../locales/en-US/trade.json';
import trTrade from '../../../locales/tr-TR/trade.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by every screen of the stock trading area and by the order sheets here that other areas
// show too: the texts travel with their chunks.
addNamespace('trade', { 'tr-TR': trTrade, 'en-US': enTrade });

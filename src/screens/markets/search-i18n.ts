import enSearch from '../../../locales/en-US/search.json';
import trSearch from '../../../locales/tr-TR/search.json';
import { addNamespace } from '../../i18n/namespace';

// The search screen's own texts, with its chunk: market.json loads with the first screen.
addNamespace('search', { 'tr-TR': trSearch, 'en-US': enSearch });

import enCoinFunding from '../../../locales/en-US/coin-funding.json';
import trCoinFunding from '../../../locales/tr-TR/coin-funding.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by every crypto funding screen: the texts travel with their chunks, not the first load.
addNamespace('coinFunding', { 'tr-TR': trCoinFunding, 'en-US': enCoinFunding });

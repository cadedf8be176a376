import '../../styles/ipo.css';
import enIco from '../../../locales/en-US/ico.json';
import trIco from '../../../locales/tr-TR/ico.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by every coin sale screen: the texts travel with its chunks. The look is the IPO
// screens' (same cards, badges and blocks), so their stylesheet is shared.
addNamespace('ico', { 'tr-TR': trIco, 'en-US': enIco });

import '../../styles/ipo.css';
import enIpo from '../../../locales/en-US/ipo.json';
import trIpo from '../../../locales/tr-TR/ipo.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by every screen of the IPO area: the texts travel with its chunks.
addNamespace('ipo', { 'tr-TR': trIpo, 'en-US': enIpo });

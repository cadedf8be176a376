import '../../styles/ipo.css';
import '../../styles/bulk.css';
import enBulk from '../../../locales/en-US/bulk.json';
import trBulk from '../../../locales/tr-TR/bulk.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by every block-trade screen: the texts and styles travel with its chunks (the IPO
// screens' card and section styles are shared, not copied).
addNamespace('bulk', { 'tr-TR': trBulk, 'en-US': enBulk });

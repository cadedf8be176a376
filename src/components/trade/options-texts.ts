import '../../styles/options.css';
import enOptions from '../../../locales/en-US/options.json';
import trOptions from '../../../locales/tr-TR/options.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by the options screen and its entry link (option-link.tsx), shown on other areas'
// screens: the texts and styles travel with their chunks.
addNamespace('options', { 'tr-TR': trOptions, 'en-US': enOptions });

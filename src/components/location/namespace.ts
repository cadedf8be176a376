import enLocation from '../../../locales/en-US/location.json';
import trLocation from '../../../locales/tr-TR/location.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by the location screens and the link that opens them: the texts travel with those chunks.
addNamespace('location', { 'tr-TR': trLocation, 'en-US': enLocation });

import enRecords from '../../../locales/en-US/records.json';
import trRecords from '../../../locales/tr-TR/records.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by the money-record screens and their shared parts: the texts travel with their chunks.
addNamespace('records', { 'tr-TR': trRecords, 'en-US': enRecords });

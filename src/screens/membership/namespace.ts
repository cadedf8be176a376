import '../../styles/membership.css';
import enMembership from '../../../locales/en-US/membership.json';
import trMembership from '../../../locales/tr-TR/membership.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by every membership screen: the texts and styles travel with their chunks.
addNamespace('membership', { 'tr-TR': trMembership, 'en-US': enMembership });

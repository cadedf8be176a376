import enAlerts from '../../../locales/en-US/alerts.json';
import trAlerts from '../../../locales/tr-TR/alerts.json';
import { addNamespace } from '../../i18n/namespace';

// The alerts and notifications screens' texts, with their chunk (and the Mine tab's, for the banner).
addNamespace('alerts', { 'tr-TR': trAlerts, 'en-US': enAlerts });

import '../../styles/service.css';
import enService from '../../../locales/en-US/service.json';
import trService from '../../../locales/tr-TR/service.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by the chat screens: the texts travel with their chunk.
addNamespace('service', { 'tr-TR': trService, 'en-US': enService });

import '../../styles/ai.css';
import enAi from '../../../locales/en-US/ai.json';
import trAi from '../../../locales/tr-TR/ai.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by every AI product screen and its entry blocks: the texts travel with their chunks.
addNamespace('ai', { 'tr-TR': trAi, 'en-US': enAi });

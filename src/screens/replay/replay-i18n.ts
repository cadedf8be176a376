import enReplay from '../../../locales/en-US/replay.json';
import trReplay from '../../../locales/tr-TR/replay.json';
import { addNamespace } from '../../i18n/namespace';

// The replay screens' texts, with their chunk.
addNamespace('replay', { 'tr-TR': trReplay, 'en-US': enReplay });

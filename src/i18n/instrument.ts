import enInstrument from '../../locales/en-US/instrument.json';
import trInstrument from '../../locales/tr-TR/instrument.json';
import { addNamespace } from './namespace';

// The instrument screens' texts (quote header, depth, chart): imported by the modules that read
// them, so they travel with those chunks instead of the first load.
addNamespace('instrument', { 'tr-TR': trInstrument, 'en-US': enInstrument });

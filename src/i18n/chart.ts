import enChart from '../../locales/en-US/chart.json';
import trChart from '../../locales/tr-TR/chart.json';
import { addNamespace } from './namespace';

// The trader's chart texts (full-screen chart, drawings, depth chart): they travel with those chunks.
addNamespace('chart', { 'tr-TR': trChart, 'en-US': enChart });

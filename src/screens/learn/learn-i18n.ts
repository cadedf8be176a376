import enLearn from '../../../locales/en-US/learn.json';
import trLearn from '../../../locales/tr-TR/learn.json';
import { addNamespace } from '../../i18n/namespace';

// The learner's screens' texts (journal, reports, risk check), with their chunk.
addNamespace('learn', { 'tr-TR': trLearn, 'en-US': enLearn });

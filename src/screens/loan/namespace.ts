import '../../styles/loan.css';
import enLoan from '../../../locales/en-US/loan.json';
import trLoan from '../../../locales/tr-TR/loan.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by the loan screen: the texts travel with its chunk.
addNamespace('loan', { 'tr-TR': trLoan, 'en-US': enLoan });

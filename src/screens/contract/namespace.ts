import enContract from '../../../locales/en-US/contract.json';
import trContract from '../../../locales/tr-TR/contract.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by every screen of the coin trading area: the texts travel with its chunks.
addNamespace('contract', { 'tr-TR': trContract, 'en-US': enContract });

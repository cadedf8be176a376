import enFunding from '../../../locales/en-US/funding.json';
import trFunding from '../../../locales/tr-TR/funding.json';
import { addNamespace } from '../../i18n/namespace';

// The funding texts alone (no styles): for these components, which the crypto funding
// screens show too without taking the funding screens' stylesheet.
addNamespace('funding', { 'tr-TR': trFunding, 'en-US': enFunding });

import '../../styles/funding.css';
import enFunding from '../../../locales/en-US/funding.json';
import trFunding from '../../../locales/tr-TR/funding.json';
import { addNamespace } from '../../i18n-namespace';

// Imported by every screen of the funding area: the texts travel with its chunks.
addNamespace('funding', { 'tr-TR': trFunding, 'en-US': enFunding });

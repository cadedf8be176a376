import enAccount from '../../locales/en-US/account.json';
import trAccount from '../../locales/tr-TR/account.json';
import { addNamespace } from './namespace';

// The sign-in, security and form texts: imported by every module that reads them, so they travel
// with those chunks; the signed-out home screen shows none of them.
addNamespace('account', { 'tr-TR': trAccount, 'en-US': enAccount });

import enPasskeys from '../../locales/en-US/passkeys.json';
import trPasskeys from '../../locales/tr-TR/passkeys.json';
import { addNamespace } from './namespace';

// The passkey texts travel with the login, security and passkeys screens that show them.
addNamespace('passkeys', { 'tr-TR': trPasskeys, 'en-US': enPasskeys });

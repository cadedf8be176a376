import { forgetHeldIntents } from '../../src/state/request-intent';
import { account } from '../../src/state/account';
import { setLanguage } from '../../src/state/prefs';
import { clearUserInfo } from '../../src/state/session';

/**
 * What a screen test leaves behind, put back for the next one: the signed-in user and their
 * loaded profile, local storage, the unanswered money intents, and the app's first language (tr-TR).
 */
export function resetClientState(): void {
  clearUserInfo();
  account.profile = null;
  account.profileToken = '';
  account.profileStatus = 'idle';
  localStorage.clear();
  forgetHeldIntents();
  setLanguage('tr-TR');
}

import { firstLoad } from '../../domain/protocol/first-load-endpoints';
import { call } from '../api/call';
import { LOGIN_PATH, navigate } from '../paths/navigation';
import { clearUserInfo, isSignedIn, session, setLoginInfo } from './session';
import { closeDrawer } from './ui';

/** The server says this user may no longer be signed in: same outcome as an invalid session. */
function signedOutByServer(): void {
  closeDrawer();
  clearUserInfo();
  navigate(LOGIN_PATH, { replace: true });
}

/**
 * Reloads GET /user/login/info for the signed-in user (the drawer shows its KYC state).
 * SPEC §4: user status 0 signs out; SPEC §7: an empty answer clears the token.
 * Other failures keep the last known info: the drawer still works offline.
 */
export async function refreshLoginInfo(): Promise<void> {
  if (!isSignedIn()) return;
  const token = session.userToken;
  let info;
  try {
    info = await call(firstLoad.loginInfo, {}, { silent: true });
  } catch {
    return;
  }
  // The user signed out or switched accounts while we waited: this answer is about someone else.
  if (session.userToken !== token) return;
  if (info === null || info.user.status === 0) signedOutByServer();
  else setLoginInfo(info);
}

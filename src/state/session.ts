import { proxy } from 'valtio';
import type { LoginInfo } from '../../domain/protocol/user';
import {
  parseStored,
  readStored,
  removeStored,
  writeStored,
  type AccountType,
  type StoredUser,
  type StoredValue,
} from './persisted';

/** The signed-in user's keys of the stored state (SPEC §3 "User session"). */
const SESSION_KEYS = [
  'userToken',
  'userTokenDemo',
  'userTokenReal',
  'userAccountType',
  'userInfo',
  'loginInfo',
] as const;
type SessionKey = (typeof SESSION_KEYS)[number];
export type Session = { [K in SessionKey]: StoredValue<K> };

function loadSession(): Session {
  return {
    userToken: readStored('userToken'),
    userTokenDemo: readStored('userTokenDemo'),
    userTokenReal: readStored('userTokenReal'),
    userAccountType: readStored('userAccountType'),
    userInfo: readStored('userInfo'),
    loginInfo: readStored('loginInfo'),
  };
}

export const session = proxy<Session>(loadSession());

function put<K extends SessionKey>(name: K, value: Session[K]): void {
  session[name] = value;
  writeStored(name, value);
}

/** The login answer's data (DECISIONS §4). */
export type LoginAnswer = {
  userToken: string;
  userTokenReal: string;
  userTokenDemo: string;
  user: StoredUser;
};

/** Stores a fresh login; the active token follows the account type the user is on. */
export function setSession(answer: LoginAnswer, accountType: AccountType = session.userAccountType): void {
  put('userTokenReal', answer.userTokenReal);
  put('userTokenDemo', answer.userTokenDemo);
  put('userAccountType', accountType);
  put('userToken', accountType === 'demo' ? answer.userTokenDemo : answer.userTokenReal || answer.userToken);
  put('userInfo', answer.user);
}

/** Switches between the real and the demo account; each has its own token (SPEC §4). */
export function setAccountType(accountType: AccountType): void {
  put('userAccountType', accountType);
  put('userToken', accountType === 'demo' ? session.userTokenDemo : session.userTokenReal);
}

export function setLoginInfo(info: LoginInfo): void {
  put('loginInfo', info);
}

/**
 * SPEC §4: empties user info, notices, news and all tokens and resets the account type to real.
 * The login info is the same user's data, so it goes too.
 */
export function clearUserInfo(): void {
  put('userToken', '');
  put('userTokenDemo', '');
  put('userTokenReal', '');
  put('userAccountType', 'real');
  put('userInfo', null);
  put('loginInfo', null);
  removeStored('noticeData');
  removeStored('newsData');
}

export function isSignedIn(): boolean {
  return session.userToken !== '';
}

function isSessionKey(name: string): name is SessionKey {
  return (SESSION_KEYS as readonly string[]).includes(name);
}

function applyExternal<K extends SessionKey>(name: K, raw: string | null): void {
  // parseStored checks the value against this key's schema, which is exactly Session[K].
  session[name] = parseStored(name, raw) as Session[K];
}

/**
 * Keeps this tab's session in step with other tabs: a sign-in or sign-out elsewhere arrives as a
 * `storage` event (which never fires in the tab that wrote). Returns the unsubscribe function.
 */
export function startSessionSync(target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null) {
      // Another tab cleared the whole storage.
      Object.assign(session, loadSession());
      return;
    }
    if (isSessionKey(event.key)) applyExternal(event.key, event.newValue);
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

import { proxy, ref } from 'valtio';
import type { LoginAnswer, UserProfile } from '../../domain/protocol/account';
import { call } from '../api/call';
import { isApiError } from '../api/request';
import type { AccountType } from './persisted';
import { session, setAccountType, setLoginInfo, setSession } from './session';

/**
 * The signed-in user's profile and the account epoch. Every account-scoped view (balances,
 * orders, positions) keys its fetch on `accountEpoch`: it changes when the user switches between
 * the real and the demo account or resets the demo, i.e. whenever the same screen would now show
 * another ledger. (`session.userToken` changes on a switch as well; a demo reset keeps it.)
 */
export type ProfileStatus = 'idle' | 'loading' | 'ready' | 'error';

export const account = proxy({
  accountEpoch: 0,
  profile: null as UserProfile | null,
  profileStatus: 'idle' as ProfileStatus,
  /** The profile belongs to this token; another token means another user or account. */
  profileToken: '',
  profileError: '',
});

function bumpEpoch(): void {
  account.accountEpoch += 1;
}

/** After POST /user/login or /user/register: the session, the drawer's info and the profile. */
export function signIn(answer: LoginAnswer): void {
  setSession(answer);
  const { user } = answer;
  setLoginInfo({
    user: { status: user.status, id: user.id, account: user.account, idStatus: user.idStatus },
    openAutoApply: user.openAutoApply,
  });
  account.profile = ref({ ...user });
  account.profileToken = session.userToken;
  account.profileStatus = 'ready';
  bumpEpoch();
}

/** Loads the profile once per token; `force` reloads it (after a change the user made). */
export async function loadProfile(force = false): Promise<void> {
  const token = session.userToken;
  if (token === '') return;
  if (!force && account.profileToken === token && account.profileStatus !== 'error') return;
  account.profileToken = token;
  if (account.profileStatus !== 'ready' || !account.profile) account.profileStatus = 'loading';
  try {
    // The declaration (and zod with it) loads with the call: screens that only read `account`,
    // the spot ticket's first paint among them, do not carry the schemas.
    const { userEndpoints } = await import('../../domain/protocol/endpoints/user');
    const profile = await call(userEndpoints.info, {}, { silent: true });
    if (session.userToken !== token) return;
    account.profile = ref(profile);
    account.profileStatus = 'ready';
    setLoginInfo({
      user: { status: profile.status, id: profile.id, account: profile.account, idStatus: profile.idStatus },
      openAutoApply: profile.openAutoApply,
    });
  } catch (error) {
    if (session.userToken !== token) return;
    account.profileError = isApiError(error) ? error.msg : '';
    account.profileStatus = 'error';
  }
}

/** Applies a change the server accepted, without waiting for the reload. */
export function patchProfile(patch: Partial<UserProfile>): void {
  if (account.profile) account.profile = ref({ ...account.profile, ...patch });
}

/** Real ↔ demo (SPEC §4): another token, so every account-scoped view reloads. */
export function switchAccount(type: AccountType): void {
  setAccountType(type);
  bumpEpoch();
  void loadProfile(true);
}

/** The demo ledger was reset: same token, new balances. */
export function demoWasReset(): void {
  bumpEpoch();
}

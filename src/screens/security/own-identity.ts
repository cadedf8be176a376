import type { UserProfile } from '../../../domain/protocol/account';
import type { AccountKind } from '../../../domain/validation/account';
import { readStored } from '../../state/persisted';

/**
 * The signed-in user's own account as POST /common/code/send takes it. A phone account is stored
 * canonically (`+905551112233`) but sent as area code + national number, so it is split at the
 * area code used last (default +90), else at the country code Turkey uses.
 */
/** Who a code goes to: the account's kind, name and area code. */
export type Identity = { accountKind: AccountKind; account: string; areaCode: string };

export function ownIdentity(profile: UserProfile): Identity {
  if (profile.accountKind === 'email') {
    return { accountKind: 'email', account: profile.email ?? profile.account, areaCode: '+90' };
  }
  const full = profile.phone ?? profile.account;
  for (const areaCode of [readStored('areaCode'), '+90']) {
    const code = areaCode.startsWith('+') ? areaCode : `+${areaCode}`;
    if (full.startsWith(code))
      return { accountKind: 'phone', account: full.slice(code.length), areaCode: code };
  }
  return { accountKind: 'phone', account: full.replace(/^\+/, ''), areaCode: readStored('areaCode') };
}

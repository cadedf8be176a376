import { useSnapshot } from 'valtio';
import { call } from '../../api/call';
import { useLiveData } from '../../components/content/use-live-data';
import { session } from '../../state/session';

// The declaration loads with the call, not with this chunk: a static import put the membership
// declarations in the block screens' preload map (the first load's), for one boolean.
async function loadVip(): Promise<boolean> {
  const { membershipEndpoints } = await import('../../../domain/protocol/endpoints/membership');
  return (await call(membershipEndpoints.vip, {}, { silent: true })).active;
}

/**
 * Whether the signed-in user is a VIP member now (trial or purchased), for the
 * VIP-only blocks; false for guests and while unknown. The server decides again on every purchase.
 */
export function useVipMember(): boolean {
  const { userToken } = useSnapshot(session);
  const vip = useLiveData('vip-active', loadVip, userToken !== '');
  return vip.status === 'ready' && vip.data;
}

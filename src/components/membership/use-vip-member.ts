import { useSnapshot } from 'valtio';
import { getVip } from '../../api/membership';
import { session } from '../../state/session';
import { useLiveData } from '../content/use-live-data';

const loadVip = () => getVip({ silent: true });

/**
 * Whether the signed-in user is a VIP member now (trial or purchased), for screens that offer
 * VIP-only things (block trades, issue 17); false for guests and while unknown. The server
 * decides again on every purchase.
 */
export function useVipMember(): boolean {
  const { userToken } = useSnapshot(session);
  const vip = useLiveData('vip-status', loadVip, userToken !== '');
  return vip.status === 'ready' && vip.data.active;
}

import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { get } from '../../api/request';
import { useLiveData } from '../../components/content/use-live-data';
import { session } from '../../state/session';

// Only what this screen needs of /user/vip/get (domain/protocol/membership's vipStatusSchema):
// reading it here keeps the block screens off the membership chunks (the first load's preload map).
const activeSchema = z.object({ active: z.boolean() });
const loadVip = () => get('/user/vip/get', {}, activeSchema, { silent: true });

/**
 * Whether the signed-in user is a VIP member now (trial or purchased), for the
 * VIP-only blocks; false for guests and while unknown. The server decides again on every purchase.
 */
export function useVipMember(): boolean {
  const { userToken } = useSnapshot(session);
  const vip = useLiveData('vip-active', loadVip, userToken !== '');
  return vip.status === 'ready' && vip.data.active;
}

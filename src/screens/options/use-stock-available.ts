import { useSnapshot } from 'valtio';
import { getAssets } from '../../state/assets';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { account } from '../../state/account';
import { session } from '../../state/session';

const loadAssets = () => getAssets({ silent: true });

/** The stock account's available TRY, where option premiums and fees are paid from. */
function stockAvailable(answer: Awaited<ReturnType<typeof getAssets>>): string {
  return answer.balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY')?.available ?? '0';
}

/**
 * The TRY the ticket may spend (null until read, and signed out), with a re-read for after an
 * answer moved it (behind what is shown: no flash).
 */
export function useStockAvailable() {
  const { accountEpoch } = useSnapshot(account);
  const signedIn = useSnapshot(session).userToken !== '';
  const assets = useLiveData(`option-assets|${accountEpoch}`, loadAssets, signedIn);
  // Another tab's order or a transfer moves what this form offers (the broker re-checks it).
  useBalancesRefetch(assets.refresh);
  const available = assets.status === 'ready' ? stockAvailable(assets.data) : null;
  return { available, refresh: assets.refresh };
}

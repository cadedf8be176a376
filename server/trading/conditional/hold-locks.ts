import type { ConditionalRow } from '../../db/schema/conditional';
import type { MarketSource } from '../../market/source';
import type { Batch } from '../batch';
import { traderAccounts } from '../spot/match-locks';

type Group = Pick<ConditionalRow, 'userId' | 'accountType' | 'wallet' | 'symbol'>;

/**
 * Names, for its batch's first round, the accounts ending `group` gives its hold back to: the
 * owner's cash and asset of the symbol, or the whole wallet when the instrument left the
 * catalogue (the hold's currency is then the row's own). A job that ends several users' groups
 * and locked each as it went held one user's cash while it waited for another's, which another
 * stock partition's batch could hold while it waited for the first (docs/partitions.md, "Lock
 * order").
 */
export function wantHoldAccounts(batch: Batch, market: MarketSource, group: Group): void {
  const instrument = market.instrument(group.symbol);
  if (instrument) batch.ledger.want(traderAccounts(group, instrument));
  else batch.ledger.wantWallets(group, [group.wallet]);
}

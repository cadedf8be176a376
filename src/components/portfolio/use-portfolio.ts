import { useMemo } from 'react';
import type { PortfolioValue } from '../../../domain/portfolio/value';
import type { AssetsAnswer } from '../../../domain/protocol/account';
import type { ContractPosition } from '../../../domain/protocol/contracts';
import { getAssets } from '../../state/assets';
import { contractEndpoints } from '../../../domain/protocol/endpoints/contracts';
import { askEarly, call } from '../../api/call';
import { assetEndpoints } from '../../../domain/protocol/endpoints/assets';
import { useFollowPositions } from '../../market/positions';
import { portfolioTopics, usePortfolioValue } from '../../market/use-portfolio';
import { usePrivateRefetch } from '../../market/use-private-refetch';
import { session } from '../../state/session';
import { useLiveData, type LiveData } from '../content/use-live-data';

const loadAssets = () => getAssets({ silent: true });
const loadPositions = () =>
  call(contractEndpoints.listActive, {}, { silent: true }).then((answer) => answer.list);

/**
 * Asks for the balances and open contracts as the portfolio's code loads, before the card has
 * rendered (src/api/early.ts), for the loads below to take: the card is the signed-in Home's first figure, and waiting for
 * React to render it put its request ~0.4 s (on a phone, ~1.5 s) behind the screen's lists.
 */
export function askPortfolioEarly(): void {
  if (session.userToken === '') return;
  askEarly(assetEndpoints.assets, {});
  askEarly(contractEndpoints.listActive, {});
}
const loadRules = () => call(contractEndpoints.multiple, {}, { silent: true });
const EVENTS = ['balances', 'orders', 'positions'] as const;
const NONE: readonly ContractPosition[] = [];
// Home's card and Mine's figures, opened again and again: shown at once from the last answers.
const KEEP = { keep: true };

export type Portfolio = {
  assets: LiveData<AssetsAnswer>;
  /** Null until the balances have loaded. */
  value: PortfolioValue | null;
  topics: ReturnType<typeof portfolioTopics>;
};

/**
 * Everything the portfolio figure is made of, kept current: balances and open contracts from
 * REST, re-read when a private channel says they changed; prices from the feed; contract PnL
 * recomputed by the worker on each mark tick while the caller is mounted.
 */
export function usePortfolio(enabled: boolean): Portfolio {
  const assets = useLiveData('portfolio-assets', loadAssets, enabled, KEEP);
  const positions = useLiveData('portfolio-positions', loadPositions, enabled, KEEP);
  const open = positions.status === 'ready' ? positions.data : NONE;
  const rules = useLiveData('portfolio-rules', loadRules, enabled && open.length > 0, KEEP);
  usePrivateRefetch(EVENTS, () => {
    assets.refresh();
    positions.refresh();
  });
  useFollowPositions(open.length > 0 ? open : null, rules.status === 'ready' ? rules.data : null);
  const data = assets.status === 'ready' ? assets.data : undefined;
  const topics = useMemo(() => portfolioTopics(data, open), [data, open]);
  // Open positions not yet loaded would leave their PnL out: no figure until both are in.
  const value = usePortfolioValue(positions.status === 'ready' ? data : undefined, open, topics);
  return { assets, value, topics };
}

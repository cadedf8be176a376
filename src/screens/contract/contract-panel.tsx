import './namespace';
import '../../styles/trade.css';
import '../../styles/contract.css';
import { useEffect } from 'react';
import type { ContractPosition } from '../../../domain/protocol/contracts';
import { coinWalletEndpoints } from '../../../domain/protocol/endpoints/coin-wallet';
import { contractEndpoints } from '../../../domain/protocol/endpoints/contracts';
import { call } from '../../api/call';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { PairHead } from './pair-head';
import { RiskSheet } from './risk-sheet';
import { useBalancesRefetch, usePrivateRefetch } from '../../market/use-private-refetch';
import { loadProfile } from '../../state/account';
import { ContractTicket } from './contract-ticket';
import { OpenConfirmSheet } from './open-confirm-sheet';
import { useContractOpen } from './use-contract-open';
import { RiskCheckLink } from '../../components/trade/risk-check-link';
import { usePositionToasts } from './position-toasts';
import { PositionsSection } from './positions-section';
import { useCoinPair } from './use-coin-pair';

/** Positions change on the server too (TP/SL, liquidation, funding): its private channels say when. */
const POSITION_EVENTS = ['positions'] as const;
const loadRules = () => call(contractEndpoints.multiple, {}, { silent: true });
const loadAssets = () => call(coinWalletEndpoints.assets, {}, { silent: true });
const loadActive = () =>
  call(contractEndpoints.listActive, {}, { silent: true }).then((answer) => answer.list);

/** The pair, the rules, the balances and the open positions, re-read when the server says so. */
function useContractData() {
  const pair = useCoinPair();
  const rules = useLiveData('contract-rules', loadRules);
  const assets = useLiveData('coin-assets', loadAssets);
  const active = useLiveData<ContractPosition[]>('contract-active', loadActive);
  const { refresh: refreshActive } = active;
  const { refresh: refreshAssets } = assets;
  usePrivateRefetch(POSITION_EVENTS, refreshActive);
  useBalancesRefetch(refreshAssets);
  // Behind what is shown: a ticket being filled in and an open what-if stay as they are.
  const refresh = () => {
    refreshAssets();
    refreshActive();
  };
  return { pair, rules, assets, active, refresh };
}

/** The contract ticket and, under it, the open positions (DECISIONS §3: the Trade tab's contract side). */
export default function ContractPanel() {
  const { pair, rules, assets, active, refresh } = useContractData();
  const open = useContractOpen(refresh);
  const { intent, askRisk } = open;
  // Whether orders are confirmed with the trade password (once per token; a no-op when known).
  useEffect(() => void loadProfile(), []);
  usePositionToasts(pair.infos.status === 'ready' ? pair.infos.data : null);

  for (const load of [pair.infos, rules, assets] as const) {
    if (load.status === 'loading') return <ListSkeleton rows={6} />;
    if (load.status === 'error') return <ErrorState error={load.error} onRetry={load.reload} />;
  }
  if (pair.infos.status !== 'ready' || rules.status !== 'ready' || assets.status !== 'ready') return null;
  const info = pair.info;
  if (!info) return <ErrorState error={null} onRetry={pair.infos.reload} />;
  const accepted = open.riskAccepted || rules.data.riskAccepted;

  return (
    <section className="contract-panel" data-testid="contract-panel">
      <PairHead pair={pair} info={info} testId="contract" withMark showRefused />
      <ContractTicket
        key={info.symbol}
        pair={pair}
        info={info}
        rules={rules.data}
        available={assets.data.contract.available}
        opened={open.opened}
        onOpen={(chosen) => (accepted ? open.confirmOpen(chosen) : open.setAskRisk(chosen))}
      />
      {open.checkHref && <RiskCheckLink href={open.checkHref} message={open.sendError} />}
      <PositionsSection
        active={active}
        rules={rules.data}
        infos={pair.infos.data}
        available={assets.data.contract.available}
        onChanged={refresh}
      />
      {askRisk && (
        <RiskSheet
          rules={rules.data}
          onCancel={() => open.setAskRisk(null)}
          onAccept={() => {
            // Sent with the order itself (acceptRisk=1): accepting alone moves nothing.
            open.confirmOpen(askRisk);
            open.setAskRisk(null);
          }}
        />
      )}
      {intent && (
        <OpenConfirmSheet
          intent={intent}
          info={info}
          rules={rules.data}
          needPassword={open.needPassword}
          busy={open.busy}
          error={open.sendError}
          onConfirm={(pin) => void open.send(intent, pin, accepted)}
          onCancel={open.cancel}
        />
      )}
    </section>
  );
}

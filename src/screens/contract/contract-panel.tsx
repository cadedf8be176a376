import './namespace';
import '../../styles/contract.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatMoney } from '../../../domain/format/number';
import type { ContractPosition } from '../../../domain/protocol/contracts';
import { getCoinAssets, getContractRules, listActiveContracts, openContract } from '../../api/coin-trading';
import { isApiError } from '../../api/request';
import { ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { PairHead } from '../../components/contract/pair-head';
import { RiskSheet } from '../../components/contract/risk-sheet';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { CostBreakdown } from '../../components/trade/figure-rows';
import { showToast } from '../../services/toast';
import { prefs } from '../../state/prefs';
import { ContractTicket, type OpenIntent } from './contract-ticket';
import { PositionsSection } from './positions-section';
import { useCoinPair } from './use-coin-pair';

/** Positions change on the server too (TP/SL, liquidation, funding): re-read them this often. */
const POSITIONS_REFRESH_MS = 5000;
const loadRules = () => getContractRules(undefined, { silent: true });
const loadAssets = () => getCoinAssets({ silent: true });
const loadActive = () => listActiveContracts({ silent: true });

/** The contract ticket and, under it, the open positions (DECISIONS §3: the Trade tab's contract side). */
export default function ContractPanel() {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const errorText = useErrorText();
  const pair = useCoinPair();
  const rules = useLiveData('contract-rules', loadRules);
  const assets = useLiveData('coin-assets', loadAssets);
  const active = useLiveData<ContractPosition[]>('contract-active', loadActive);
  const [intent, setIntent] = useState<OpenIntent | null>(null);
  const [askRisk, setAskRisk] = useState<OpenIntent | null>(null);
  const [riskAccepted, setRiskAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sendError, setSendError] = useState('');
  const { reload: reloadActive } = active;

  useEffect(() => {
    const timer = setInterval(reloadActive, POSITIONS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reloadActive]);

  for (const load of [pair.infos, rules, assets] as const) {
    if (load.status === 'loading') return <ListSkeleton rows={6} />;
    if (load.status === 'error') return <ErrorState error={load.error} onRetry={load.reload} />;
  }
  if (pair.infos.status !== 'ready' || rules.status !== 'ready' || assets.status !== 'ready') return null;
  const info = pair.info;
  if (!info) return <ErrorState error={null} onRetry={pair.infos.reload} />;
  const accepted = riskAccepted || rules.data.riskAccepted;
  const refresh = () => {
    assets.reload();
    reloadActive();
  };

  async function send(chosen: OpenIntent) {
    setBusy(true);
    setSendError('');
    try {
      await openContract({ ...chosen.request, ...(accepted ? {} : { acceptRisk: '1' }) }, { silent: true });
      setRiskAccepted(true);
      setIntent(null);
      showToast(t('ticket.opened'));
      refresh();
    } catch (error) {
      if (!isApiError(error) || error.kind !== 'session') setSendError(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="contract-panel" data-testid="contract-panel">
      <PairHead
        infos={pair.infos.data}
        symbol={pair.symbol}
        onSymbol={pair.setSymbol}
        priceScale={info.priceScale}
        last={pair.last}
        mark={pair.mark}
        testId="contract"
      />
      <ContractTicket
        key={info.symbol}
        pair={pair}
        info={info}
        rules={rules.data}
        available={assets.data.contract.available}
        onOpen={(chosen) => (accepted ? setIntent(chosen) : setAskRisk(chosen))}
      />
      <PositionsSection
        active={active}
        rules={rules.data}
        infos={pair.infos.data}
        available={assets.data.contract.available}
        onChanged={refresh}
      />
      {askRisk && (
        <RiskSheet
          onCancel={() => setAskRisk(null)}
          onAccept={() => {
            // Sent with the order itself (acceptRisk=1): accepting alone moves nothing.
            setIntent(askRisk);
            setAskRisk(null);
          }}
        />
      )}
      {intent && (
        <ConfirmSheet
          title={t('ticket.confirm_title', {
            side: t(`ticket.${intent.request.side}`),
            leverage: intent.request.leverage,
          })}
          rows={[{ label: t('pair'), value: `${info.base}/${info.quote}` }]}
          costs={
            <>
              <CostBreakdown
                title={t('ticket.preview')}
                rows={intent.rows}
                total={{
                  label: t('ticket.cost'),
                  value: formatMoney(intent.preview.cost.total.toFixed(), lang),
                  testId: 'confirm-cost',
                }}
                testId="contract-confirm-costs"
              />
              <p className="hint">{t('ticket.estimate_note')}</p>
            </>
          }
          // The contract open request carries no trade password (domain/protocol/contracts.ts).
          needPassword={false}
          tone={intent.request.side === 'long' ? 'buy' : 'sell'}
          confirmLabel={t('ticket.confirm')}
          busy={busy}
          error={sendError}
          onConfirm={() => void send(intent)}
          onCancel={() => {
            setIntent(null);
            setSendError('');
          }}
          testId="contract-confirm"
        />
      )}
    </section>
  );
}

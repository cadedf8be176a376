import './namespace';
import '../../styles/trade.css';
import '../../styles/contract.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import type { LiquidationOutcome } from '../../../domain/contracts/liquidation';
import { shownBreakdown } from '../../../domain/format/addends';
import { formatMoney, formatPrice } from '../../../domain/format/number';
import type { ContractOpenRequest, ContractPosition } from '../../../domain/protocol/contracts';
import { coinWalletEndpoints } from '../../../domain/protocol/endpoints/coin-wallet';
import { contractEndpoints } from '../../../domain/protocol/endpoints/contracts';
import { call } from '../../api/call';
import { isApiError } from '../../api/request';
import { ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { PairHead } from './pair-head';
import { liquidationFeeTexts } from './fee-rates';
import { RiskSheet } from './risk-sheet';
import { newClientOrderId } from '../../api/client-order-id';
import { isFinalRefusal, RequestIntent } from '../../state/request-intent';
import { useBalancesRefetch, usePrivateRefetch } from '../../market/use-private-refetch';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { CostBreakdown } from '../../components/trade/figure-rows';
import { showToast } from '../../services/toast';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { ContractTicket } from './contract-ticket';
import { costText, type OpenIntent } from './preview-rows';
import { usePositionToasts } from './position-toasts';
import { PositionsSection } from './positions-section';
import { RefusedPairNote } from './refused-pair-note';
import { useCoinPair } from './use-coin-pair';

/** Positions change on the server too (TP/SL, liquidation, funding): its private channels say when. */
const POSITION_EVENTS = ['positions'] as const;
/** A refusal the user fixes inside the sheet rather than a final answer. */
const PASSWORD_KEYS: ReadonlySet<string> = new Set([
  'TRADE_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_FORMAT',
  'TRADE_PASSWORD_REQUIRED',
]);
const loadRules = () => call(contractEndpoints.multiple, {}, { silent: true });
const loadAssets = () => call(coinWalletEndpoints.assets, {}, { silent: true });
const loadActive = () =>
  call(contractEndpoints.listActive, {}, { silent: true }).then((answer) => answer.list);

/** The contract ticket and, under it, the open positions (DECISIONS §3: the Trade tab's contract side). */

/**
 * The liquidation fee row's figure, the closing fee beside it and their total, as the note states
 * them: the row showed ≈ 1,36 and the note's total ≈ 1,49 with nothing saying what the 0,13 was
 * (audit). The closing fee is the total less the row's figure, so the three add up as shown.
 */
function liquidationAmounts(outcome: LiquidationOutcome, lang: 'tr-TR' | 'en-US') {
  const closeFee = outcome.fee.minus(outcome.liquidationFee);
  const shown = shownBreakdown([outcome.liquidationFee, closeFee], outcome.fee, 2);
  return {
    liqAmount: formatMoney(shown.parts[0]!, lang),
    closeAmount: formatMoney(shown.parts[1]!, lang),
    amount: formatMoney(shown.total, lang),
  };
}

/** Take-profit and stop-loss as the confirmation shows them: the price, or "none" when left empty. */
function triggerRows(
  request: Pick<ContractOpenRequest, 'takeProfit' | 'stopLoss'>,
  priceScale: number,
  lang: 'tr-TR' | 'en-US',
  words: { takeProfit: string; stopLoss: string; none: string },
) {
  const shown = (price: string | undefined) => (price ? formatPrice(price, lang, priceScale) : words.none);
  return [
    { label: words.takeProfit, value: shown(request.takeProfit), testId: 'confirm-tp' },
    { label: words.stopLoss, value: shown(request.stopLoss), testId: 'confirm-sl' },
  ];
}

export default function ContractPanel() {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const { profile } = useSnapshot(account);
  const errorText = useErrorText();
  const pair = useCoinPair();
  const rules = useLiveData('contract-rules', loadRules);
  const assets = useLiveData('coin-assets', loadAssets);
  const active = useLiveData<ContractPosition[]>('contract-active', loadActive);
  const [intent, setIntent] = useState<OpenIntent | null>(null);
  const [askRisk, setAskRisk] = useState<OpenIntent | null>(null);
  const [riskAccepted, setRiskAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState(0);
  // Set at once, unlike `busy`: a second send while the first is in flight is dropped.
  const inFlight = useRef(false);
  const [orderIds] = useState(() => new RequestIntent('contract-order', newClientOrderId));
  const [sendError, setSendError] = useState('');
  // Asked for by the server although the profile said no (it changed elsewhere): ask from now on.
  const [askPassword, setAskPassword] = useState(false);
  const { refresh: refreshActive } = active;
  const { refresh: refreshAssets } = assets;
  usePrivateRefetch(POSITION_EVENTS, refreshActive);
  useBalancesRefetch(refreshAssets);
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
  const accepted = riskAccepted || rules.data.riskAccepted;
  // Behind what is shown: a ticket being filled in and an open what-if stay as they are.
  const refresh = () => {
    refreshAssets();
    refreshActive();
  };

  const needPassword = (profile?.confirmOrdersWithTradePassword ?? false) || askPassword;
  const confirmOpen = (chosen: OpenIntent) => {
    // One client order id per position the user means: a retry after a lost answer, even from the
    // sheet opened again with the same terms, never opens a second position.
    setIntent({ ...chosen, request: { ...chosen.request, clientOrderId: orderIds.idFor(chosen.request) } });
  };

  async function send(chosen: OpenIntent, tradePassword: string | undefined) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setSendError('');
    try {
      await call(
        contractEndpoints.add,
        { ...chosen.request, ...(accepted ? {} : { acceptRisk: '1' }), tradePassword },
        { silent: true },
      );
      orderIds.done();
      setRiskAccepted(true);
      setIntent(null);
      setOpened((n) => n + 1);
      showToast(t('ticket.opened'));
      refresh();
    } catch (error) {
      if (isApiError(error) && error.key === 'TRADE_PASSWORD_REQUIRED') setAskPassword(true);
      if (isApiError(error) && error.kind === 'business' && !PASSWORD_KEYS.has(error.key ?? '')) {
        // A final refusal (balance, limits, a moved price): the sheet shows it; the ticket re-reads.
        // One whose outcome is unknown (REQUEST_IN_PROGRESS, TRADING_UNCONFIRMED) keeps the id: the
        // position may be open, and the same terms confirmed again must not open a second one.
        if (isFinalRefusal(error)) orderIds.done();
        refresh();
      }
      if (!isApiError(error) || error.kind !== 'session') setSendError(errorText(error));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <section className="contract-panel" data-testid="contract-panel">
      <PairHead
        infos={pair.choices}
        symbol={pair.symbol}
        onSymbol={pair.setSymbol}
        priceScale={info.priceScale}
        last={pair.last}
        mark={pair.mark}
        testId="contract"
      />
      {pair.refused && <RefusedPairNote refused={pair.refused} shown={info} testId="contract-refused" />}
      <ContractTicket
        key={info.symbol}
        pair={pair}
        info={info}
        rules={rules.data}
        available={assets.data.contract.available}
        opened={opened}
        onOpen={(chosen) => (accepted ? confirmOpen(chosen) : setAskRisk(chosen))}
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
          rules={rules.data}
          onCancel={() => setAskRisk(null)}
          onAccept={() => {
            // Sent with the order itself (acceptRisk=1): accepting alone moves nothing.
            confirmOpen(askRisk);
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
          rows={[
            { label: t('pair'), value: `${info.base}/${info.quote}` },
            // The triggers the user typed are part of what is confirmed (audit: the sheet left them
            // out, so a mistyped stop-loss was only seen on the open position).
            ...triggerRows(intent.request, info.priceScale, lang, {
              takeProfit: t('ticket.confirm_take_profit'),
              stopLoss: t('ticket.confirm_stop_loss'),
              none: t('ticket.trigger_none'),
            }),
          ]}
          costs={
            <>
              <CostBreakdown
                title={t('ticket.preview')}
                rows={intent.rows}
                total={{
                  label: t('ticket.cost'),
                  value: costText(intent.preview, lang, intent.places),
                  testId: 'confirm-cost',
                }}
                testId="contract-confirm-costs"
              />
              <p className="hint">{t('ticket.estimate_note')}</p>
              {intent.preview.liquidation && (
                <p className="hint" data-testid="confirm-liq-fee-note">
                  {t('ticket.liq_fee_note', {
                    ...liquidationFeeTexts(rules.data, lang),
                    ...liquidationAmounts(intent.preview.liquidation, lang),
                  })}
                </p>
              )}
            </>
          }
          needPassword={needPassword}
          tone={intent.request.side === 'long' ? 'buy' : 'sell'}
          confirmLabel={t('ticket.confirm')}
          busy={busy}
          error={sendError}
          onConfirm={(pin) => void send(intent, pin)}
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

import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { LiquidationOutcome } from '../../../domain/contracts/liquidation';
import { shownBreakdown } from '../../../domain/format/addends';
import { formatMoney, formatPrice } from '../../../domain/format/number';
import type { ContractOpenRequest, ContractRules } from '../../../domain/protocol/contracts';
import type { CoinInfo } from '../../../domain/protocol/market';
import { ConfirmSheet, type ConfirmSheetState } from '../../components/trade/confirm-sheet';
import { CostBreakdown } from '../../components/trade/figure-rows';
import { OrderPreviewCosts, type PreviewRows } from '../../components/trade/order-preview';
import { contractPreviewRows } from '../../components/trade/order-preview-rows';
import { useOrderPreview } from '../../components/trade/use-order-preview';
import { orderPreviewEndpoints } from '../../../domain/protocol/endpoints/order-preview';
import { call } from '../../api/call';
import { prefs } from '../../state/prefs';
import { liquidationFeeTexts } from './fee-rates';
import { costText, type OpenIntent } from './preview-rows';

/**
 * The liquidation fee row's figure, the closing fee beside it and their total, as the note states
 * them: the row showed ≈ 1,36 and the note's total ≈ 1,49 with nothing saying what the 0,13 was
 * The closing fee is the total less the row's figure, so the three add up as shown.
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

const loadPreview = (request: ContractOpenRequest) =>
  call(orderPreviewEndpoints.contract, request, { silent: true });

/** The rows the broker's preview shares with the ticket's own (preview-rows.ts), by their test ids. */
const CONTRACT_ROW_IDS = {
  qty: 'ticket-qty',
  margin: 'ticket-margin',
  openFee: 'ticket-fee',
  liquidation: 'ticket-liq',
  total: 'confirm-cost',
};

/** The ticket's rows the broker does not price (notional, funding at the rate now, the liquidation fee). */
const TICKET_ONLY = new Set(['ticket-notional', 'ticket-funding', 'ticket-liq-fee']);

function withTicketRows(figures: PreviewRows, intent: OpenIntent): PreviewRows {
  const more = intent.rows.filter((row) => row.testId !== undefined && TICKET_ONLY.has(row.testId));
  return { rows: [...figures.rows, ...more], total: figures.total };
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

/** The last look before a position opens: the pair, the triggers, the costs and the liquidation fee. */
export function OpenConfirmSheet({
  intent,
  info,
  rules,
  ...sheet
}: {
  intent: OpenIntent;
  info: CoinInfo;
  rules: ContractRules;
} & ConfirmSheetState) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  // Priced as the position the risk disclosure just let open (acceptRisk): a preview writes nothing.
  const preview = useOrderPreview({ ...intent.request, acceptRisk: '1' }, loadPreview, true);
  return (
    <ConfirmSheet
      title={t('ticket.confirm_title', {
        side: t(`ticket.${intent.request.side}`),
        leverage: intent.request.leverage,
      })}
      rows={[
        { label: t('pair'), value: `${info.base}/${info.quote}` },
        // The triggers the user typed are part of what is confirmed: left out, a
        // mistyped stop-loss is only seen on the open position.
        ...triggerRows(intent.request, info.priceScale, lang, {
          takeProfit: t('ticket.confirm_take_profit'),
          stopLoss: t('ticket.confirm_stop_loss'),
          none: t('ticket.trigger_none'),
        }),
      ]}
      costs={
        <OrderPreviewCosts
          state={preview}
          rowsOf={(p, tt) => withTicketRows(contractPreviewRows(tt, lang, p, info, CONTRACT_ROW_IDS), intent)}
          fallback={
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
            </>
          }
          costsTestId="contract-confirm-costs"
          testId="contract-preview"
        >
          {intent.preview.liquidation && (
            <p className="hint" data-testid="confirm-liq-fee-note">
              {t('ticket.liq_fee_note', {
                ...liquidationFeeTexts(rules, lang),
                ...liquidationAmounts(intent.preview.liquidation, lang),
              })}
            </p>
          )}
        </OrderPreviewCosts>
      }
      tone={intent.request.side === 'long' ? 'buy' : 'sell'}
      confirmLabel={t('ticket.confirm')}
      {...sheet}
      testId="contract-confirm"
    />
  );
}

import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { LiquidationOutcome } from '../../../domain/contracts/liquidation';
import { shownBreakdown } from '../../../domain/format/addends';
import { formatMoney, formatPrice } from '../../../domain/format/number';
import type { ContractOpenRequest, ContractRules } from '../../../domain/protocol/contracts';
import type { CoinInfo } from '../../../domain/protocol/market';
import { ConfirmSheet, type ConfirmSheetState } from '../../components/trade/confirm-sheet';
import { CostBreakdown } from '../../components/trade/figure-rows';
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
                ...liquidationFeeTexts(rules, lang),
                ...liquidationAmounts(intent.preview.liquidation, lang),
              })}
            </p>
          )}
        </>
      }
      tone={intent.request.side === 'long' ? 'buy' : 'sell'}
      confirmLabel={t('ticket.confirm')}
      {...sheet}
      testId="contract-confirm"
    />
  );
}

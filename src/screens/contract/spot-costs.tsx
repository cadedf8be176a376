import { useTranslation } from '../../i18n/hook';
import { readDecimal, shiftBy, toPlain } from '../../../domain/format/decimal-text';
import type { Locale } from '../../../domain/format/locale';
import { formatMoney, formatPercent } from '../../../domain/format/number';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { OrderSide, OrderType } from '../../../domain/protocol/trading';
import type { CoinSpotSettings } from '../../../domain/rules';
import { LeftoverRow } from '../../components/trade/buy-by-amount';
import { CostBreakdown, type FigureRow } from '../../components/trade/figure-rows';
import { useSteadyDecimals } from './use-steady-decimals';
import type { SpotPreview } from './spot-ticket-logic';
import type { SpotRules } from './use-spot-rules';

/** A fee rate (0.001) as the percent it is (0.1): its point moved, exactly, no arithmetic. */
function percentOf(rate: string): string | null {
  const read = readDecimal(rate);
  return read ? toPlain(shiftBy(read, 2)) : null;
}

/**
 * Amount ± fee = total, as shown (domain/format/addends.ts): steady decimals, the fee last, each
 * with its unit, as the available row has it: a bare "0.38" fee reads as the coin's or the USDT's.
 * A preview comes from the ticket's rules, so `rules` are in whenever there is one to show.
 */
export function useSpotCosts(
  info: CoinInfo,
  draft: { side: OrderSide; type: OrderType; price: string; quantity: string },
  preview: SpotPreview | null,
  settings: CoinSpotSettings | null,
  lang: Locale,
  rules: SpotRules | null,
) {
  const { t } = useTranslation('contract');
  const steadyDecimals = useSteadyDecimals();
  const { side, type, price, quantity } = draft;
  const figures = rules && preview ? { rules, preview } : null;
  const places = steadyDecimals(`${info.symbol}|${side}|${type}|${price}|${quantity}`, (min) =>
    figures ? figures.rules.spotCostPlaces(figures.preview, side, min) : min,
  );
  const shown = figures ? figures.rules.shownSpotCosts(figures.preview, side, places) : null;
  const usd = (value: string | null | undefined) =>
    value == null ? '--' : `${formatMoney(value, lang, { decimals: places })} ${info.quote}`;
  const rows: FigureRow[] = [
    { label: t('spot.amount'), value: usd(shown?.amount ?? preview?.amount), testId: 'spot-amount' },
    {
      label: settings
        ? t('spot.fee', {
            rate: formatPercent(percentOf(settings.feeRate), lang, { signed: false, decimals: 3 }),
          })
        : t('spot.fee_paid'),
      value: usd(shown?.fee ?? preview?.fee),
      testId: 'spot-fee',
    },
  ];
  const total = {
    label: t(side === 'buy' ? 'spot.total_buy' : 'spot.total_sell'),
    value: usd(shown?.total ?? preview?.total),
    testId: 'spot-total',
  };
  return { rows, total, usd };
}

/** The cost breakdown, on the ticket and again in the confirm sheet; what a budget leaves over. */
export function SpotCosts({
  costs,
  leftover,
  testId,
}: {
  costs: ReturnType<typeof useSpotCosts>;
  leftover: string | null;
  testId: string;
}) {
  const { t } = useTranslation('trade');
  return (
    <>
      <CostBreakdown title={t('sheet.costs')} rows={costs.rows} total={costs.total} testId={testId} />
      {leftover !== null && <LeftoverRow value={costs.usd(leftover)} coin />}
    </>
  );
}

/** A market order's figures are estimates; a stale feed holds it back; the button says what it does. */
export function SpotSubmit({
  side,
  market,
  stale,
  disabled,
  base,
}: {
  side: OrderSide;
  market: boolean;
  stale: boolean;
  disabled: boolean;
  base: string;
}) {
  const { t } = useTranslation('contract');
  return (
    <>
      {market && <p className="hint">{t('spot.estimated')}</p>}
      {stale && (
        <p className="ticket__notice" role="status" data-testid="spot-stale">
          {t('spot.reason_stale')}
        </p>
      )}
      <button
        type="submit"
        className={`button ticket__submit ticket__submit--${side}`}
        disabled={disabled}
        data-testid="spot-submit"
      >
        {t(side === 'buy' ? 'spot.submit_buy' : 'spot.submit_sell', { base })}
      </button>
    </>
  );
}

import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { OptionPosition } from '../../../domain/protocol/options';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { premiumText, price, share, signedMoney } from './format';
import { optionLabel, termRows } from './ticket-figures';
import { toneOf } from '../../components/tone';
import { formatTry } from '../../../domain/format/number';

/** BIST prices carry 2 decimals; positions don't repeat the rule's scale. */
const SCALE = 2;

/** A settled or closed position with SPEC §4's option order fields. */
export function HistoryRow({ position: p }: { position: OptionPosition }) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  return (
    <li className="surface-card" data-testid={`option-history-${p.id}`}>
      <div className="split-row options-card__head">
        <span className="options-card__title">
          {p.symbol} · {optionLabel(p.kind, p.strike, t, locale, SCALE)}
        </span>
        <span className={`options-badge options-badge--${p.status}`}>
          {t(`positions.status.${p.status}`)}
        </span>
      </div>
      <FigureRows
        rows={[
          ...termRows(p, t, locale, SCALE),
          {
            label: t('positions.close_price'),
            value: price(p.closePrice, locale, SCALE),
            testId: 'history-close-price',
          },
          { label: t('positions.premium'), value: premiumText(p.premium, locale) },
          { label: t('positions.cost'), value: formatTry(p.cost, locale) },
          { label: t('positions.payoff'), value: formatTry(p.payoff, locale), testId: 'history-payoff' },
          {
            label: t('positions.pnl'),
            value: signedMoney(p.pnl, locale),
            tone: toneOf(p.pnl),
            testId: 'history-pnl',
          },
          {
            label: t('positions.pnl_ratio'),
            value: share(p.pnlRatio, locale, true),
            tone: toneOf(p.pnlRatio),
            testId: 'history-ratio',
          },
          { label: t('positions.opened_at'), value: formatDateTime(p.openedAt, locale) },
          { label: t('positions.closed_at'), value: formatDateTime(p.closedAt, locale) },
        ]}
      />
    </li>
  );
}

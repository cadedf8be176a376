import { useTranslation } from '../../i18n/hook';
import { exactDecimals } from '../../../domain/format/display';
import type { Locale } from '../../../domain/format/locale';
import { amountText, money, shownPlaces, type TxFigures } from './tx-figures';

/**
 * A statement line's detail: every figure as the ledger booked it (USDT to 8 decimals), where the
 * line itself shows the currency's display decimals. Read in full, the amounts of a statement add
 * up to its balance to the last decimal.
 */
export function TxExact({ figures, locale, id }: { figures: TxFigures; locale: Locale; id: string }) {
  const { t } = useTranslation('records');
  const { t: tt } = useTranslation('trade');
  const { main, fees, margin, held, amount, places } = figures;
  const full = (value: string) => money(value, main.currency, locale, exactDecimals(value, places));
  const rows: [string, string, string][] = [
    [
      'amount',
      t('tx.exact_amount'),
      amountText(figures, exactDecimals((held ?? amount).toFixed(), places), tt, locale),
    ],
  ];
  if (fees && !fees.amount.isZero()) {
    const shown = exactDecimals(fees.amount.toFixed(), shownPlaces(fees.row.wallet, fees.row.currency));
    rows.push(['fees', t('tx.exact_fees'), money(fees.amount, fees.row.currency, locale, shown)]);
  }
  if (margin && !margin.isZero()) rows.push(['margin', t('tx.exact_margin'), full(margin.abs().toFixed())]);
  rows.push(
    ['balance', t('tx.exact_balance'), full(main.balance.total)],
    ['available', t('tx.exact_available'), full(main.balance.available)],
    ['frozen', t('tx.exact_frozen'), full(main.balance.frozen)],
  );
  return (
    <div className="tx-exact" id={id} data-testid="tx-exact">
      <p className="tx-exact__title">{t('tx.exact_title')}</p>
      <dl className="tx-exact__rows">
        {rows.map(([key, label, value]) => (
          <div key={key} className="tx-exact__row">
            <dt>{label}</dt>
            <dd className="num" data-testid={`tx-exact-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

import '../../components/trade/records-namespace';
import '../../styles/content-screens.css';
import '../../styles/records.css';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/hook';
import { formatAmount } from '../../../domain/format/display';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { getAssets } from '../../state/assets';
import { prefs } from '../../state/prefs';

const loadAssets = () => getAssets({ silent: true });

/**
 * The stock account's TRY balance as the statement's headline, read like a bank statement's: the
 * lines below end at it. Nothing while it loads or fails: the statement is the screen's content.
 */
export function StockFundsHead() {
  const { t } = useTranslation('records');
  const { lang } = useSnapshot(prefs);
  const assets = useLiveData('assets', loadAssets);
  // A fill or a decided deposit moves the balance while the statement is open.
  useBalancesRefetch(assets.refresh);
  // Its place is kept while it loads, so the statement below does not jump when it arrives.
  if (assets.status === 'loading')
    return (
      <section className="balance-head" aria-busy="true" data-testid="stock-funds-head">
        <p className="balance-head__label">{t('stock_head.label')}</p>
        <span className="skeleton skeleton--title balance-head__placeholder" />
      </section>
    );
  if (assets.status === 'error') return null;
  const cash = assets.data.balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY');
  if (!cash) return null;
  return (
    <section className="balance-head" aria-labelledby="stock-funds-head" data-testid="stock-funds-head">
      <h2 id="stock-funds-head" className="balance-head__label">
        {t('stock_head.label')}
      </h2>
      <p className="balance-head__total num" data-testid="stock-funds-total">
        {formatAmount(cash.total, 'TRY', lang)}
      </p>
      <dl className="balance-head__split">
        <div>
          <dt>{t('stock_head.available')}</dt>
          <dd className="num" data-testid="stock-funds-available">
            {formatAmount(cash.available, 'TRY', lang)}
          </dd>
        </div>
        <div>
          <dt>{t('stock_head.frozen')}</dt>
          <dd className="num" data-testid="stock-funds-frozen">
            {formatAmount(cash.frozen, 'TRY', lang)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

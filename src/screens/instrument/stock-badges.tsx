import '../../i18n/instrument';
import { useTranslation } from '../../i18n/hook';
import type { StockInfo } from '../../../domain/protocol/market';

/** Market group, T+1 settlement and index tags beside the name. */
export function StockBadges({ info }: { info: StockInfo }) {
  const { t } = useTranslation('instrument');
  return (
    <span className="badges">
      {info.market === 'index' && (
        <span className="badge stock-badge" data-testid="badge-index">
          {t('badge.index')}
        </span>
      )}
      {info.group !== null && (
        <span className="badge stock-badge" data-testid="badge-group">
          {t('badge.group', { group: info.group })}
        </span>
      )}
      {info.t1 && (
        <span
          className="badge stock-badge stock-badge--warn"
          data-testid="badge-t1"
          title={t('badge.t1_hint')}
        >
          {t('badge.t1')}
        </span>
      )}
    </span>
  );
}

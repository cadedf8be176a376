import { useCallback } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { formatPrice, formatTry } from '../../../domain/format/number';
import { aiProductEndpoints } from '../../../domain/protocol/endpoints/ai-products';
import { call } from '../../api/call';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { prefs } from '../../state/prefs';

/** Every fill of an order (DECISIONS §2: the figures come from these): when, why, what, at what cost. */
export function OrderFills({ orderId }: { orderId: string }) {
  const { t } = useTranslation('ai');
  const { lang } = useSnapshot(prefs);
  const load = useCallback(
    () => call(aiProductEndpoints.order, { id: orderId }, { silent: true }),
    [orderId],
  );
  const details = useLiveData(`ai-order-${orderId}`, load);
  if (details.status === 'loading') return <ListSkeleton rows={2} />;
  if (details.status === 'error') return <ErrorState error={details.error} onRetry={details.reload} />;
  return (
    <ul className="card-list" data-testid={`ai-fills-${orderId}`}>
      {details.data.fills.map((f, i) => (
        <li key={i} className="ai-line">
          <span className="ai-line__who">
            <strong>{f.symbol}</strong>
            <span className="ai-line__name">
              {t(`mine.fill_reason.${f.reason}`)} · {formatDateTime(f.t, lang)}
            </span>
          </span>
          <span className="ai-line__figures num">
            <span>
              {t(`mine.side.${f.side}`)} {f.qty} × {formatPrice(f.price, lang, 2)}
            </span>
            {/* Named: a bare amount under "63 × 31,58" read as the trade's value. */}
            <span className="ai-line__sub">{t('mine.fill_costs', { costs: formatTry(f.costs, lang) })}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

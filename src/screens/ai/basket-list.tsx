import { useCallback } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatPrice } from '../../../domain/format/number';
import type { AiProduct } from '../../../domain/protocol/ai-products';
import { aiProductEndpoints } from '../../../domain/protocol/endpoints/ai-products';
import { call } from '../../api/call';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { prefs } from '../../state/prefs';
import { formatRatio } from './ai-format';

/** The basket the rule holds now, with each stock's weight and the score that picked it. */
export function BasketList({ product }: { product: AiProduct }) {
  const { t } = useTranslation('ai');
  const { lang } = useSnapshot(prefs);
  const load = useCallback(
    () => call(aiProductEndpoints.stocks, { id: product.id }, { silent: true }),
    [product.id],
  );
  const basket = useLiveData(`ai-basket-${product.id}`, load);
  const scoreLabel =
    product.kind === 'momentum'
      ? t('basket.score_momentum', { days: product.lookbackDays })
      : t('basket.score_low_volatility');
  return (
    <section className="ai-block" aria-labelledby="ai-basket-title" data-testid="ai-basket">
      <h2 id="ai-basket-title" className="section-title">
        {t('basket.title')}
      </h2>
      {basket.status === 'loading' ? (
        <ListSkeleton rows={3} />
      ) : basket.status === 'error' ? (
        <ErrorState error={basket.error} onRetry={basket.reload} />
      ) : basket.data.list.length === 0 ? (
        <p className="hint">{t('basket.empty')}</p>
      ) : (
        <>
          <p className="hint">{t('basket.caption', { score: scoreLabel })}</p>
          <ul className="card-list">
            {basket.data.list.map((line) => (
              <li key={line.symbol} className="ai-line" data-testid={`ai-basket-${line.symbol}`}>
                <span className="ai-line__who">
                  <strong>{line.symbol}</strong>
                  {/* A long company name gives way (ellipsis, whole on hover) to the figures. */}
                  <span className="ai-line__name ai-line__name--clip" title={line.name}>
                    {line.name}
                  </span>
                </span>
                <span className="ai-line__figures num">
                  <span>{formatRatio(line.weight, lang, false)}</span>
                  <span className="ai-line__sub">
                    {formatRatio(line.score, lang, product.kind === 'momentum')} ·{' '}
                    {formatPrice(line.price, lang, 2)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatLocalDate } from '../../../domain/format/date';
import type { AiProduct } from '../../../domain/protocol/ai-products';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { AI_DETAIL_PATH, aiHref, formatRatio, productTitle } from './ai-format';
import { toneOf } from '../../components/tone';
import { formatTry } from '../../../domain/format/number';

/** DECISIONS §2: every figure is a past result; shown wherever figures are. */
export function RiskNotice() {
  const { t } = useTranslation('ai');
  return (
    <aside className="notice-card ai-risk" role="note" data-testid="ai-risk">
      <strong>{t('risk.title')}</strong>
      <p>{t('risk.body')}</p>
    </aside>
  );
}

/** A product in the list: its rule, measured return, and minimum; taps into its detail. */
export function ProductCard({ product }: { product: AiProduct }) {
  const { t } = useTranslation('ai');
  const { lang } = useSnapshot(prefs);
  const perf = product.performance;
  return (
    <li>
      <Link
        href={aiHref(AI_DETAIL_PATH, product.id)}
        className="tap-card ai-card"
        data-testid={`ai-product-${product.id}`}
      >
        <span className="ai-card__head">
          <span className="ai-card__title">{productTitle(product, t)}</span>
          <span className="ai-badge">{t('rule.badge')}</span>
        </span>
        <span className="split-row ai-card__figures">
          <span className="line-stack">
            <span className="ai-card__label">{t('list.measured_return')}</span>
            <span className={`num ai-tone--${toneOf(perf.return) ?? 'flat'}`}>
              {perf.orders === 0 ? t('list.no_orders') : formatRatio(perf.return, lang)}
            </span>
          </span>
          <span className="line-stack ai-card__figure--end">
            <span className="ai-card__label">{t('terms.min')}</span>
            <span className="num">{formatTry(product.minAmount, lang)}</span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Measured from the product's orders (DECISIONS §2). */
export function PerformanceBlock({ product }: { product: AiProduct }) {
  const { t } = useTranslation('ai');
  const { lang } = useSnapshot(prefs);
  const perf = product.performance;
  return (
    <section className="ai-block" aria-labelledby="ai-perf-title" data-testid="ai-performance">
      <h2 id="ai-perf-title" className="section-title">
        {t('perf.title')}
      </h2>
      {perf.orders === 0 ? (
        <p className="hint">{t('perf.none')}</p>
      ) : (
        <FigureRows
          rows={[
            { label: t('perf.since'), value: perf.since === null ? '--' : formatLocalDate(perf.since, lang) },
            {
              label: t('perf.return'),
              value: formatRatio(perf.return, lang),
              testId: 'ai-perf-return',
              ...(toneOf(perf.return) ? { tone: toneOf(perf.return) } : {}),
            },
            { label: t('perf.drawdown'), value: formatRatio(perf.maxDrawdown, lang, false) },
            { label: t('perf.rebalances'), value: String(perf.rebalances) },
            { label: t('perf.orders'), value: String(perf.orders) },
            { label: t('perf.paid_in'), value: formatTry(perf.paidIn, lang) },
          ]}
        />
      )}
    </section>
  );
}

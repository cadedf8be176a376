import './namespace';
import Decimal from 'decimal.js';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { formatPercent, formatTry } from '../../../domain/format/number';
import type { AiProductInfo } from '../../../domain/protocol/ai-products';
import { aiProductEndpoints } from '../../../domain/protocol/endpoints/ai-products';
import { call } from '../../api/call';
import { LOGIN_PATH } from '../../paths/navigation';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { AI_LIST_PATH, AI_ORDER_PATH, aiHref, paramOf, productTitle, ruleText } from './ai-format';
import { PerformanceBlock, RiskNotice } from './ai-parts';
import { BacktestBlock } from './backtest-chart';
import { BasketList } from './basket-list';
import { ProductBrowser } from './product-browser';
import { ButtonLink } from '../../components/button';

/** A cost rate as a percentage with the decimals it has (0.0015 → 0.15%, 0.05 → 5%, 0.00003 → 0.003%). */
function pct(rate: string, lang: 'tr-TR' | 'en-US'): string {
  const points = new Decimal(rate).times(100);
  return formatPercent(points.toFixed(), lang, {
    signed: false,
    decimals: Math.min(4, points.decimalPlaces()),
  });
}

/** The terms before buying (DECISIONS §2): minimum, costs on every trade, how redeeming works. */
function Terms({ product }: { product: AiProductInfo }) {
  const { t } = useTranslation('ai');
  const { lang } = useSnapshot(prefs);
  return (
    <section className="ai-block" aria-labelledby="ai-terms-title">
      <h2 id="ai-terms-title" className="section-title">
        {t('terms.title')}
      </h2>
      <FigureRows
        rows={[
          { label: t('terms.min'), value: formatTry(product.minAmount, lang) },
          { label: t('terms.market'), value: product.marketOpen ? t('terms.open') : t('terms.closed') },
        ]}
      />
      <p className="hint">
        {t('terms.costs')}:{' '}
        {t('terms.costs_value', {
          commission: pct(product.costs.commissionRate, lang),
          bsmv: pct(product.costs.bsmvRate, lang),
          fee: pct(product.costs.exchangeFeeRate, lang),
        })}
      </p>
      <p className="hint">
        {t('terms.redeem')}: {t('terms.redeem_value')}
      </p>
    </section>
  );
}

function Detail({ id }: { id: string }) {
  const { t } = useTranslation('ai');
  const signedIn = useSnapshot(session).userToken !== '';
  const load = useCallback(() => call(aiProductEndpoints.info, { id }, { silent: true }), [id]);
  const info = useLiveData(`ai-product-${id}`, load);
  if (info.status === 'loading') return <ListSkeleton rows={6} />;
  // A link naming no product (stale or mistyped) leads to the products on offer, not a retry.
  if (info.status === 'error')
    return (
      <ErrorState error={info.error} onRetry={info.reload} back={{ href: AI_LIST_PATH, label: t('title') }} />
    );
  const product = info.data;
  return (
    <>
      <header className="ai-head">
        <h2 className="section-title" data-testid="ai-detail-title">
          {productTitle(product, t)}
        </h2>
        <span className="ai-badge">{t('rule.badge')}</span>
      </header>
      <p className="ai-lead">{ruleText(product, t)}</p>
      <p className="hint">{t('rule.label')}</p>
      <RiskNotice />
      <PerformanceBlock product={product} />
      <BacktestBlock backtest={product.backtest} index={product.universe} />
      <BasketList product={product} />
      <Terms product={product} />
      <div className="ai-bottom">
        <ButtonLink href={signedIn ? aiHref(AI_ORDER_PATH, product.id) : LOGIN_PATH} testId="ai-buy">
          {signedIn ? t('detail.buy') : t('detail.sign_in')}
        </ButtonLink>
      </div>
    </>
  );
}

/** /pages/ai/detail?id= (added): rule, measured performance, backtest, basket, terms. */
export default function AiDetailScreen() {
  const { t } = useTranslation('ai');
  const id = paramOf(useSearch(), 'id');
  return (
    <Screen className="stack-screen">
      <Navbar title={t('title')} />
      <div className="screen__body">
        {id === null ? (
          <>
            <p className="ai-lead">{t('detail.chooser')}</p>
            <ProductBrowser />
          </>
        ) : (
          <Detail key={id} id={id} />
        )}
      </div>
    </Screen>
  );
}

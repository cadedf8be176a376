import './namespace';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import type { AiOrderDetails, AiProductInfo } from '../../../domain/protocol/ai-products';
import { aiProductEndpoints } from '../../../domain/protocol/endpoints/ai-products';
import { call } from '../../api/call';
import { ResultTitle } from '../../components/content/result-title';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { OrderFlow } from '../../components/trade/order-flow';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { prefs } from '../../state/prefs';
import { AI_LIST_PATH, AI_MINE_PATH, paramOf, productTitle } from './ai-format';
import { AmountForm } from './amount-form';
import { ProductBrowser } from './product-browser';
import { formatTry } from '../../../domain/format/number';
import { ButtonLink } from '../../components/button';

/** After buying (DESIGN.md: show the result): the order and what it is worth now. */
function Done({ order }: { order: AiOrderDetails }) {
  const { t } = useTranslation('ai');
  const { lang } = useSnapshot(prefs);
  return (
    <section className="ai-done" data-testid="ai-done">
      <ResultTitle as="h2" className="section-title">
        {t('order.done_title')}
      </ResultTitle>
      <p>{t('order.done_body', { id: order.id, value: formatTry(order.value, lang) })}</p>
      <ButtonLink href={AI_MINE_PATH} testId="ai-done-mine">
        {t('order.done_mine')}
      </ButtonLink>
    </section>
  );
}

function OrderBody({ productId, orderId }: { productId: string; orderId: string | null }) {
  const { t } = useTranslation('ai');
  return (
    <OrderFlow<AiProductInfo, AiOrderDetails>
      dataKey={`ai-product-${productId}`}
      load={() => call(aiProductEndpoints.info, { id: productId }, { silent: true })}
      pay={{ wallet: 'stock', currency: 'TRY' }}
      back={{ href: AI_LIST_PATH, label: t('title') }}
      done={(order) => <Done order={order} />}
    >
      {({ subject: product, ...form }) => (
        <>
          <h2 className="section-title" data-testid="ai-order-title">
            {orderId
              ? t('order.title_add', { id: orderId })
              : t('order.title_buy', { name: productTitle(product, t) })}
          </h2>
          <AmountForm product={product} orderId={orderId} {...form} />
        </>
      )}
    </OrderFlow>
  );
}

/** An add to an existing order: its product first, then the same form. */
function AddBody({ orderId }: { orderId: string }) {
  const { t } = useTranslation('ai');
  const load = useCallback(
    () => call(aiProductEndpoints.order, { id: orderId }, { silent: true }),
    [orderId],
  );
  const order = useLiveData(`ai-order-${orderId}`, load);
  if (order.status === 'loading') return <ListSkeleton rows={5} />;
  // An order that is not this user's (or no longer exists) leads to their orders, not a retry.
  if (order.status === 'error')
    return (
      <ErrorState
        error={order.error}
        onRetry={order.reload}
        back={{ href: AI_MINE_PATH, label: t('list.mine') }}
      />
    );
  return <OrderBody productId={order.data.productId} orderId={orderId} />;
}

/**
 * /pages/ai/order?id=<product> buys an order; ?order=<id> adds to one (added). Without
 * either, a chooser of products.
 */
export default function AiOrderScreen() {
  const { t } = useTranslation('ai');
  const search = useSearch();
  const productId = paramOf(search, 'id');
  const orderId = paramOf(search, 'order');
  return (
    <Screen className="stack-screen">
      <Navbar title={t('title')} />
      <div className="screen__body">
        {orderId !== null ? (
          <AddBody key={orderId} orderId={orderId} />
        ) : productId !== null ? (
          <OrderBody key={productId} productId={productId} orderId={null} />
        ) : (
          <>
            <p className="ai-lead">{t('order.chooser')}</p>
            <ProductBrowser />
          </>
        )}
      </div>
    </Screen>
  );
}

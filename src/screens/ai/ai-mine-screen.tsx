import './namespace';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { aiProductEndpoints } from '../../../domain/protocol/endpoints/ai-products';
import { call } from '../../api/call';
import type { AiOrder } from '../../../domain/protocol/ai-products';
import { useLiveData } from '../../components/content/use-live-data';
import { PagedList, PickState } from '../../components/content/paged-list';
import { usePaged } from '../../components/content/use-paged';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { AI_LIST_PATH, productTitle } from './ai-format';
import { RiskNotice } from './ai-parts';
import { OrderCard } from './order-card';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';

const loadProducts = () => call(aiProductEndpoints.list, { size: 100 }, { silent: true });

function Orders() {
  const { t } = useTranslation('ai');
  const paged = usePaged('ai-orders', (page, size) =>
    call(aiProductEndpoints.orders, { page, size }, { silent: true }),
  );
  // Each order under its product's name ("Momentum 5", as the list and the detail call it); the
  // order itself knows only the rule's kind, which two products may share.
  const products = useLiveData('ai-products-names', loadProducts);
  const titleOf = ({ productId, kind }: AiOrder) => {
    const product = products.data?.list.find((p) => p.id === productId);
    return product ? productTitle(product, t) : t(`kind.${kind}`);
  };
  const [message, setMessage] = useState('');
  return (
    <PullToRefresh onRefresh={() => paged.refresh({ keepMore: true })}>
      <PagedList
        paged={paged}
        empty={
          <PickState
            title={t('mine.empty')}
            href={AI_LIST_PATH}
            label={t('mine.browse')}
            testId="ai-mine-browse"
          />
        }
        header={
          message !== '' && (
            <p className="ai-done" role="status" data-testid="ai-mine-message">
              {message}
            </p>
          )
        }
        look="ai"
        testId="ai-orders"
        moreLabel={t('more')}
      >
        {(order) => (
          <OrderCard
            key={order.id}
            order={order}
            title={titleOf(order)}
            onChanged={(text) => {
              setMessage(text);
              void paged.refresh();
            }}
          />
        )}
      </PagedList>
    </PullToRefresh>
  );
}

/** /pages/ai/mine (added): my AI orders with value, P&L and basket; add and redeem. */
export default function AiMineScreen() {
  const { t } = useTranslation('ai');
  return (
    <Screen className="stack-screen">
      <Navbar title={t('mine.title')} />
      <div className="screen__body">
        <Orders />
        <RiskNotice />
      </div>
    </Screen>
  );
}

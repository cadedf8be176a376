import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { BlockDetail, BlockOrder } from '../../../domain/protocol/bulk';
import { bulkEndpoints } from '../../../domain/protocol/endpoints/bulk';
import { call } from '../../api/call';
import { DonePanel } from '../../components/trade/done-panel';
import { idFromSearch } from '../../components/content/search-id';
import { useVipMember } from './use-vip-member';
import { OrderClosed, OrderFlow, OrderStack } from '../../components/trade/order-flow';
import { SubjectScreen } from '../../components/trade/subject-screen';
import { lotCount } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { BlockBrowser } from './block-browser';
import { BlockOrderForm } from './block-order-form';
import { notOpenText } from './block-facts';
import { blockHref, BULK_LIST_PATH, BULK_ORDER_PATH, VIP_PATH } from './paths';
import { SubjectHead } from '../../components/trade/subject-head';
import { paths } from '../../paths/paths';
import { formatTry } from '../../../domain/format/number';

const POSITIONS_PATH = paths.position;

function Bought({ order }: { order: BlockOrder }) {
  const { t } = useTranslation('bulk');
  const { lang } = useSnapshot(prefs);
  return (
    <DonePanel
      testId="order-done"
      title={t('order.done_title')}
      body={t('order.done_body', {
        ...lotCount(order.lots, lang),
        symbol: order.symbol,
        total: formatTry(order.total, lang),
        date: formatDateTime(order.lockedUntil, lang),
      })}
      actions={[
        { href: BULK_LIST_PATH, label: t('order.see_orders'), testId: 'order-see-orders', primary: true },
        { href: POSITIONS_PATH, label: t('order.see_holdings') },
      ]}
    />
  );
}

function OrderBody({ id }: { id: string }) {
  const { t } = useTranslation('bulk');
  const { lang } = useSnapshot(prefs);
  const isVip = useVipMember();
  return (
    <OrderFlow<BlockDetail, BlockOrder>
      dataKey={`block-${id}`}
      load={() => call(bulkEndpoints.info, { id }, { silent: true })}
      pay={{ wallet: 'stock', currency: 'TRY' }}
      back={{ href: BULK_LIST_PATH, label: t('title') }}
      done={(order) => <Bought order={order} />}
    >
      {({ subject: block, ...form }) => {
        const head = <SubjectHead symbol={block.symbol} name={block.name} />;
        if (block.status !== 'open' || block.price === null)
          return (
            <OrderClosed
              head={head}
              title={notOpenText(block, t, lang)}
              action={{ href: blockHref(block.id), label: t('detail.title'), testId: 'order-detail' }}
            />
          );
        // Open, for members only: the way on is membership, not back to the same block.
        if (block.vipOnly && !isVip)
          return (
            <OrderClosed
              head={head}
              title={t('detail.vip_note')}
              action={{ href: VIP_PATH, label: t('detail.vip_link'), testId: 'order-vip', primary: true }}
            />
          );
        return (
          <OrderStack head={head}>
            <BlockOrderForm isVip={isVip} block={block} {...form} />
          </OrderStack>
        );
      }}
    </OrderFlow>
  );
}

/** /pages/stockBulk/bulkOrder?id=: buy from a block; without an id, the blocks to choose from. */
export default function BulkOrderScreen() {
  const { t } = useTranslation('bulk');
  return (
    <SubjectScreen
      title={t('order.title')}
      id={idFromSearch(useSearch())}
      chooser={{
        testId: 'block-chooser',
        lead: t('order.choose'),
        list: <BlockBrowser to={BULK_ORDER_PATH} status="open" />,
      }}
    >
      {(id) => <OrderBody id={id} />}
    </SubjectScreen>
  );
}

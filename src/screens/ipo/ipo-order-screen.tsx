import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSearch } from 'wouter';
import type { IpoApplication, IpoDetail } from '../../../domain/protocol/ipo';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { OrderClosed, OrderFlow, OrderStack } from '../../components/trade/order-flow';
import { SubjectScreen } from '../../components/trade/subject-screen';
import { APPLICATIONS_PATH, ipoHref, IPO_LIST_PATH, ORDER_PATH } from './ipo-card';
import { IpoBrowser } from './ipo-browser';
import { OrderDone } from './order-done';
import { OrderForm } from './order-form';
import { idFromSearch } from '../../components/content/search-id';
import { OfflineOrderBody } from './offline-order';
import { SubjectHead } from '../../components/trade/subject-head';

function OrderBody({ id }: { id: string }) {
  const { t } = useTranslation('ipo');
  return (
    <OrderFlow<IpoDetail, IpoApplication>
      dataKey={`ipo-${id}`}
      load={() => call(ipoEndpoints.info, { id }, { silent: true })}
      pay={{ wallet: 'stock', currency: 'TRY' }}
      back={{ href: IPO_LIST_PATH, label: t('tab.all') }}
      done={(application, ipo) => <OrderDone ipo={ipo} application={application} />}
    >
      {({ subject: ipo, available, onDone, onRefused }) => {
        const head = <SubjectHead symbol={ipo.symbol} name={ipo.name} />;
        if (ipo.applied === true)
          return (
            <OrderClosed
              head={head}
              title={t('detail.applied')}
              action={{
                href: APPLICATIONS_PATH,
                label: t('detail.see_applications'),
                testId: 'ipo-see-applications',
                primary: true,
              }}
            />
          );
        if (ipo.status !== 'subscribing')
          return (
            <OrderClosed
              head={head}
              title={t('order.not_subscribing')}
              action={{ href: ipoHref(ipo.id), label: t('detail.title'), testId: 'order-detail' }}
            />
          );
        return (
          <OrderStack head={head}>
            <OrderForm ipo={ipo} available={available} onApplied={onDone} onRefused={onRefused} />
          </OrderStack>
        );
      }}
    </OrderFlow>
  );
}

/**
 * /pages/stockIPO/ipoOrder?id=: apply for an IPO (`&channel=offline`: into its institutional
 * tranche); without an id, the IPOs open for applications.
 */
export default function IpoOrderScreen() {
  const { t } = useTranslation('ipo');
  const search = useSearch();
  const offline = new URLSearchParams(search).get('channel') === 'offline';
  return (
    <SubjectScreen
      title={offline ? t('offline.title') : t('order.title')}
      id={idFromSearch(search)}
      chooser={{
        testId: 'ipo-chooser',
        lead: t('order.choose'),
        list: <IpoBrowser to={ORDER_PATH} initial="subscribing" />,
      }}
    >
      {(id) => (offline ? <OfflineOrderBody id={id} /> : <OrderBody id={id} />)}
    </SubjectScreen>
  );
}

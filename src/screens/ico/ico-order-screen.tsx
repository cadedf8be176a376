import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { Ico, IcoCommitment } from '../../../domain/protocol/ico';
import { icoEndpoints } from '../../../domain/protocol/endpoints/ico';
import { call } from '../../api/call';
import { DonePanel } from '../../components/trade/done-panel';
import { OrderClosed, OrderFlow, OrderStack } from '../../components/trade/order-flow';
import { SubjectScreen } from '../../components/trade/subject-screen';
import { prefs } from '../../state/prefs';
import { CommitForm } from './commit-form';
import { IcoBrowser } from './ico-browser';
import {
  formatUsdt,
  icoHref,
  ICO_LIST_PATH,
  ICO_MINE_PATH,
  ICO_ORDER_PATH,
  idFromSearch,
} from './ico-format';
import { CommitmentBadge } from './ico-parts';
import { SubjectHead } from '../../components/trade/subject-head';

/** After committing (DESIGN.md: show the result): what is held and until when. */
function CommitDone({ token, commitment }: { token: string; commitment: IcoCommitment }) {
  const { t } = useTranslation('ico');
  const { lang } = useSnapshot(prefs);
  return (
    <DonePanel
      testId="commit-done"
      title={t('order.done_title')}
      badge={<CommitmentBadge status={commitment.status} testId="commit-done-status" />}
      body={t('order.done_body', {
        token,
        amount: formatUsdt(commitment.committed, lang),
        date: formatDateTime(commitment.refundAt, lang),
      })}
      actions={[
        { href: ICO_MINE_PATH, label: t('order.done_mine'), testId: 'commit-done-mine', primary: true },
      ]}
    />
  );
}

function OrderBody({ id }: { id: string }) {
  const { t } = useTranslation('ico');
  const { lang } = useSnapshot(prefs);
  return (
    <OrderFlow<Ico, IcoCommitment>
      dataKey={`ico-${id}`}
      load={() => call(icoEndpoints.info, { id }, { silent: true })}
      pay={{ wallet: 'coin', currency: 'USDT' }}
      back={{ href: ICO_LIST_PATH, label: t('list.title') }}
      done={(commitment, ico) => <CommitDone token={ico.token} commitment={commitment} />}
    >
      {({ subject: ico, available, onDone, onRefused }) => {
        const head = <SubjectHead symbol={ico.token} name={ico.name} />;
        // One commitment per account: after it, say so (and what was committed) before the way on.
        if (ico.myCommitted !== null && ico.myCommitted !== '0')
          return (
            <OrderClosed
              head={head}
              testId="commit-already"
              title={t('order.already_title')}
              body={t('order.already_body', { token: ico.token, amount: formatUsdt(ico.myCommitted, lang) })}
              action={{ href: ICO_MINE_PATH, label: t('detail.see_mine'), testId: 'commit-elsewhere' }}
            />
          );
        if (ico.status !== 'subscribing')
          return (
            <OrderClosed
              head={head}
              title={t('order.not_subscribing')}
              action={{ href: icoHref(ico.id), label: t('detail.title'), testId: 'commit-elsewhere' }}
            />
          );
        return (
          <OrderStack head={head}>
            <CommitForm ico={ico} available={available} onCommitted={onDone} onRefused={onRefused} />
          </OrderStack>
        );
      }}
    </OrderFlow>
  );
}

/** /pages/coinICO/icoOrder?id=: commit USDT to a sale; without an id, the sales open now. */
export default function IcoOrderScreen() {
  const { t } = useTranslation('ico');
  return (
    <SubjectScreen
      title={t('order.title')}
      id={idFromSearch(useSearch())}
      chooser={{
        testId: 'ico-chooser',
        lead: t('order.choose'),
        list: <IcoBrowser to={ICO_ORDER_PATH} status="subscribing" />,
      }}
    >
      {(id) => <OrderBody id={id} />}
    </SubjectScreen>
  );
}

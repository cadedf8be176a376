import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { membershipEndpoints } from '../../../domain/protocol/endpoints/membership';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { prefs } from '../../state/prefs';
import { AdviceCard, RecordLine } from './advice-card';
import { VIP_PATH } from './paths';
import { ButtonLink } from '../../components/button';

const loadVip = () => call(membershipEndpoints.vip, {}, { silent: true });
const loadAdvice = () => call(membershipEndpoints.advice, {}, { silent: true });

function Invitation() {
  const { t } = useTranslation('membership');
  return (
    <section className="surface-card mem-card" data-testid="advice-invitation">
      <h2 className="mem-card__question">{t('advice.invite_title')}</h2>
      <p className="mem-card__body">{t('advice.invite_body')}</p>
      <ButtonLink href={VIP_PATH} testId="advice-become-vip">
        {t('advice.invite_cta')}
      </ButtonLink>
    </section>
  );
}

function AdviceBody() {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  const advice = useLiveData('advice-list', loadAdvice);
  if (advice.status === 'loading') return <ListSkeleton rows={4} />;
  if (advice.status === 'error') return <ErrorState error={advice.error} onRetry={advice.reload} />;
  const list = advice.data;
  return (
    <div className="mem-stack" data-testid="advice-list">
      <p className="mem-warning" role="note" data-testid="advice-risk">
        {t('advice.risk')}
      </p>
      <p className="mem-note num">
        {t('advice.generated', { date: formatDateTime(list.generatedAt, lang) })}
      </p>
      {list.list.length === 0 ? (
        <>
          <EmptyState title={t('advice.empty_title')} body={t('advice.empty_body')} />
          {list.records.map((r) => (
            <section key={r.kind} className="surface-card mem-card">
              <strong>{t(`advice.kind.${r.kind}`)}</strong>
              <RecordLine record={r} />
            </section>
          ))}
        </>
      ) : (
        list.list.map((a) => (
          <AdviceCard key={`${a.symbol}-${a.kind}-${a.signalAt}`} advice={a} list={list} />
        ))
      )}
      <p className="mem-note">
        {t('advice.record_note', { bars: list.historyBars, horizon: list.horizonBars })}
      </p>
    </div>
  );
}

/** /pages/stock/advice: VIP members' trading advice; everyone else is invited to become VIP. */
export default function AdviceScreen() {
  const { t } = useTranslation('membership');
  const vip = useLiveData('vip-status', loadVip);
  return (
    <Screen className="stack-screen">
      <Navbar title={t('advice.title')} />
      <div className="screen__body">
        {vip.status === 'loading' && <ListSkeleton rows={4} />}
        {vip.status === 'error' && <ErrorState error={vip.error} onRetry={vip.reload} />}
        {vip.status === 'ready' && (vip.data.active ? <AdviceBody /> : <Invitation />)}
      </div>
    </Screen>
  );
}

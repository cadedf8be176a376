import './alerts-i18n';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { InfoLinkRow } from '../../components/link-list';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { useTranslation } from '../../i18n/hook';
import { AlertForm, prefillFrom } from './alert-form';
import { AlertItem } from './alert-item';
import { useAlertList } from './use-alert-list';
import '../../styles/account.css';
import { paths } from '../../paths/paths';

export function AlertsScreen() {
  const { t } = useTranslation('alerts');
  const search = useSearch();
  const [prefill] = useState(() => prefillFrom(search));
  const { load, retry, added, remove } = useAlertList();

  return (
    <Screen className="alerts-screen">
      <Navbar title={t('title')} />
      <div className="screen__body">
        <AlertForm prefill={prefill} onAdded={added} />
        <p className="info-row__help">{t('rules')}</p>
        <section aria-labelledby="alerts-list-title">
          <h2 className="section-title" id="alerts-list-title">
            {t('list_title')}
          </h2>
          {load.status === 'loading' && <ListSkeleton rows={2} label={t('list_title')} />}
          {load.status === 'failed' && <ErrorState error={load.error} onRetry={retry} />}
          {load.status === 'ready' && load.list.length === 0 && (
            <p className="info-row__help" data-testid="alerts-empty">
              {t('empty')}
            </p>
          )}
          {load.status === 'ready' && load.list.length > 0 && (
            <ul className="info-list" data-testid="alerts-list">
              {load.list.map((alert) => (
                <AlertItem key={alert.id} alert={alert} onDelete={() => void remove(alert)} />
              ))}
            </ul>
          )}
        </section>
        <ul className="info-list">
          <InfoLinkRow
            href={paths.notifications}
            label={t('notifications_link')}
            testId="alerts-notifications-link"
          />
        </ul>
      </div>
    </Screen>
  );
}

import './alerts-i18n';
import { useEffect, useState } from 'react';
import { TELL_CHOICES, type NotificationSettings, type PushStopped } from '../../../domain/protocol/alerts';
import { pushEndpoints } from '../../../domain/protocol/endpoints/alerts';
import { call } from '../../api/call';
import { isApiError } from '../../api/request';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { InfoLinkRow } from '../../components/link-list';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { useTranslation } from '../../i18n/hook';
import { showToast } from '../../services/toast';
import { PushRow } from './push-row';
import { TimeOfDayField } from './time-of-day-field';
import { useSnapshot } from 'valtio';
import { prefs } from '../../state/prefs';
import { SwitchRow } from './switch-row';
import '../../styles/account.css';
import '../../styles/forms.css';
import { paths } from '../../paths/paths';

type Choice = (typeof TELL_CHOICES)[number];
const CHOICES: readonly Choice[] = TELL_CHOICES;

/** No notifications between two times of day; the save's refusal is shown under them when on. */
function QuietHours({
  quiet,
  onToggle,
  from,
  onFrom,
  to,
  onTo,
  error,
}: {
  quiet: boolean;
  onToggle: () => void;
  from: string;
  onFrom: (value: string) => void;
  to: string;
  onTo: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('alerts');
  const locale = useSnapshot(prefs).lang;
  return (
    <section className="account-card">
      <h2 className="section-title">{t('notifications.quiet')}</h2>
      <ul className="info-list">
        <SwitchRow
          label={t('notifications.quiet_on')}
          checked={quiet}
          onToggle={onToggle}
          testId="notifications-quiet"
        />
      </ul>
      {quiet && (
        <>
          <TimeOfDayField
            label={t('notifications.quiet_from')}
            value={from}
            onValueChange={onFrom}
            locale={locale}
            testId="notifications-from"
          />
          <TimeOfDayField
            label={t('notifications.quiet_to')}
            value={to}
            onValueChange={onTo}
            locale={locale}
            testId="notifications-to"
            error={error}
          />
        </>
      )}
      <p className="info-row__help">{t('notifications.quiet_help')}</p>
    </section>
  );
}

function SettingsForm({
  publicKey,
  initial,
  stopped,
}: {
  publicKey: string;
  initial: NotificationSettings;
  stopped: PushStopped | null;
}) {
  const { t } = useTranslation('alerts');
  const [settings, setSettings] = useState(initial);
  const [quiet, setQuiet] = useState(initial.quietFrom !== null);
  const [from, setFrom] = useState(initial.quietFrom ?? '22:00');
  const [to, setTo] = useState(initial.quietTo ?? '08:00');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const saved = await call(
        pushEndpoints.subscribe,
        {
          tell: CHOICES.filter((choice) => settings[choice]).join(','),
          from: quiet ? from : '',
          to: quiet ? to : '',
        },
        { silent: true },
      );
      setSettings(saved);
      showToast(t('notifications.saved'));
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.kind !== 'session') setError(e.msg);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={(e) => void save(e)} noValidate data-testid="notifications-form">
      <section className="account-card">
        <h2 className="section-title">{t('notifications.what')}</h2>
        <ul className="info-list">
          {CHOICES.map((choice) => (
            <SwitchRow
              key={choice}
              label={t(`notifications.${choice}`)}
              checked={settings[choice]}
              onToggle={() => setSettings((s) => ({ ...s, [choice]: !s[choice] }))}
              testId={`notifications-${choice}`}
            />
          ))}
        </ul>
      </section>
      <QuietHours
        quiet={quiet}
        onToggle={() => setQuiet((q) => !q)}
        from={from}
        onFrom={setFrom}
        to={to}
        onTo={setTo}
        error={error}
      />
      <PushRow publicKey={publicKey} stopped={stopped} />
      <FormAlert message={quiet ? '' : (error ?? '')} />
      <SubmitButton busy={busy} testId="notifications-save">
        {t('notifications.save')}
      </SubmitButton>
    </form>
  );
}

export function NotificationsScreen() {
  const { t } = useTranslation('alerts');
  const [loaded, setLoaded] = useState<
    | { publicKey: string; settings: NotificationSettings; stopped: PushStopped | null }
    | { failed: unknown }
    | null
  >(null);
  const load = () => {
    setLoaded(null);
    call(pushEndpoints.key, {}, { silent: true }).then(setLoaded, (error: unknown) =>
      setLoaded({ failed: error }),
    );
  };
  useEffect(() => {
    load();
  }, []);
  return (
    <Screen className="notifications-screen">
      <Navbar title={t('notifications.title')} />
      <div className="screen__body">
        {loaded === null && <ListSkeleton rows={3} />}
        {loaded !== null && 'failed' in loaded && <ErrorState error={loaded.failed} onRetry={load} />}
        {loaded !== null && !('failed' in loaded) && (
          <SettingsForm publicKey={loaded.publicKey} initial={loaded.settings} stopped={loaded.stopped} />
        )}
        <ul className="info-list">
          <InfoLinkRow
            href={paths.alerts}
            label={t('notifications.alerts_link')}
            testId="notifications-alerts-link"
          />
        </ul>
      </div>
    </Screen>
  );
}

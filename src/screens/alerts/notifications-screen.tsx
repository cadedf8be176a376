import './alerts-i18n';
import { useEffect, useId, useState } from 'react';
import { TELL_CHOICES, type NotificationSettings } from '../../../domain/protocol/alerts';
import { pushEndpoints } from '../../../domain/protocol/endpoints/alerts';
import { call } from '../../api/call';
import { isApiError } from '../../api/request';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { Switch } from '../../components/form/switch';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { InfoLinkRow } from '../../components/link-list';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { useTranslation } from '../../i18n-hook';
import { showToast } from '../../services/toast';
import { toastError } from './alert-text';
import { pushState, subscribePush, unsubscribePush, type PushState } from './web-push';
import '../../styles/account.css';
import '../../styles/forms.css';
import { paths } from '../../routes/paths';

type Choice = (typeof TELL_CHOICES)[number];
const CHOICES: readonly Choice[] = TELL_CHOICES;

function SwitchRow({
  label,
  checked,
  onToggle,
  disabled,
  testId,
}: {
  label: string;
  checked: boolean;
  onToggle: () => void;
  disabled?: boolean;
  testId: string;
}) {
  const id = useId();
  return (
    <li className="info-row info-row--stacked">
      <div className="info-row__head">
        <span className="info-row__label" id={id}>
          {label}
        </span>
        <Switch
          checked={checked}
          onToggle={onToggle}
          labelledBy={id}
          disabled={disabled ?? false}
          testId={testId}
        />
      </div>
    </li>
  );
}

/** Push on this device: the browser's permission, then the subscription the broker pushes to. */
function PushRow({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation('alerts');
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const helpId = useId();
  useEffect(() => {
    void pushState().then(setState);
  }, []);

  async function toggle() {
    setBusy(true);
    try {
      if (state === 'on') {
        const subscription = await unsubscribePush();
        await call(pushEndpoints.unsubscribe, subscription ? { subscription } : {}, { silent: true });
      } else {
        const subscription = await subscribePush(publicKey);
        if (subscription) await call(pushEndpoints.subscribe, { subscription }, { silent: true });
      }
      setState(await pushState());
    } catch (error) {
      if (isApiError(error)) toastError(error);
      else setState(await pushState());
    } finally {
      setBusy(false);
    }
  }

  if (state === null) return null;
  const usable = state === 'on' || state === 'off';
  return (
    <section className="account-card" data-testid="notifications-push">
      <ul className="info-list">
        <SwitchRow
          label={t('notifications.push')}
          checked={state === 'on'}
          onToggle={() => void toggle()}
          disabled={busy || !usable}
          testId="notifications-push-switch"
        />
      </ul>
      <p className="info-row__help" id={helpId}>
        {state === 'unsupported'
          ? t('notifications.push_unsupported')
          : state === 'denied'
            ? t('notifications.push_denied')
            : t('notifications.push_help')}
      </p>
    </section>
  );
}

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
          <TextField
            type="time"
            label={t('notifications.quiet_from')}
            value={from}
            onValueChange={onFrom}
            testId="notifications-from"
          />
          <TextField
            type="time"
            label={t('notifications.quiet_to')}
            value={to}
            onValueChange={onTo}
            testId="notifications-to"
            error={error}
          />
        </>
      )}
      <p className="info-row__help">{t('notifications.quiet_help')}</p>
    </section>
  );
}

function SettingsForm({ publicKey, initial }: { publicKey: string; initial: NotificationSettings }) {
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
      <PushRow publicKey={publicKey} />
      {error && !quiet && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <SubmitButton busy={busy} testId="notifications-save">
        {t('notifications.save')}
      </SubmitButton>
    </form>
  );
}

export function NotificationsScreen() {
  const { t } = useTranslation('alerts');
  const [loaded, setLoaded] = useState<
    { publicKey: string; settings: NotificationSettings } | { failed: unknown } | null
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
          <SettingsForm publicKey={loaded.publicKey} initial={loaded.settings} />
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

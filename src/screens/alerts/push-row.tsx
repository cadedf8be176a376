import { useEffect, useState } from 'react';
import type { PushStopped } from '../../../domain/protocol/alerts';
import { pushEndpoints } from '../../../domain/protocol/endpoints/alerts';
import { call } from '../../api/call';
import { isApiError } from '../../api/request';
import { useTranslation } from '../../i18n/hook';
import { toastError } from './alert-text';
import { SwitchRow } from './switch-row';
import { pushEndpoint, pushState, subscribePush, unsubscribePush, type PushState } from './web-push';

/**
 * The broker stopped pushing to a browser whose push service kept refusing: said where the user
 * turns push on. When it is this browser, the switch shows off (the broker no longer sends here),
 * and turning it on subscribes again, which clears the notice.
 */
function StoppedNotice({ stopped, here }: { stopped: PushStopped; here: boolean }) {
  const { t } = useTranslation('alerts');
  return (
    <p className="notice-card" role="status" data-testid="notifications-push-stopped">
      {t(here ? 'notifications.push_stopped_here' : 'notifications.push_stopped_other', {
        count: stopped.failures,
      })}
    </p>
  );
}

/** Push on this device: the browser's permission, then the subscription the broker pushes to. */
export function PushRow({ publicKey, stopped }: { publicKey: string; stopped: PushStopped | null }) {
  const { t } = useTranslation('alerts');
  const [state, setState] = useState<PushState | null>(null);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [notice, setNotice] = useState(stopped);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushState().then(setState);
    void pushEndpoint().then(setEndpoint);
  }, []);

  const here = notice !== null && endpoint === notice.endpoint;
  const on = state === 'on' && !here;

  async function toggle() {
    setBusy(true);
    try {
      if (on) {
        const subscription = await unsubscribePush();
        await call(pushEndpoints.unsubscribe, subscription ? { subscription } : {}, { silent: true });
      } else {
        const subscription = await subscribePush(publicKey);
        if (subscription) {
          await call(pushEndpoints.subscribe, { subscription }, { silent: true });
          setNotice(null);
        }
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
          checked={on}
          onToggle={() => void toggle()}
          disabled={busy || !usable}
          testId="notifications-push-switch"
        />
      </ul>
      {notice && <StoppedNotice stopped={notice} here={here} />}
      <p className="info-row__help">
        {state === 'unsupported'
          ? t('notifications.push_unsupported')
          : state === 'denied'
            ? t('notifications.push_denied')
            : t('notifications.push_help')}
      </p>
    </section>
  );
}

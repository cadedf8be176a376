import { useTranslation } from '../i18n/hook';
import { useSnapshot } from 'valtio';
import { appConfig } from '../state/app-config';
import { session } from '../state/session';

/**
 * DECISIONS §1: when the broker says sandbox, every screen says "paper money". The app's banner
 * landmark (the screens' own navbars sit inside <main>): a screen reader moving by landmarks
 * met it outside every one, and could skip it.
 *
 * With the demo account active it says so too, on every screen: only the account screens did,
 * so Home's portfolio, the trade tickets and the positions showed the demo account's balances and
 * took its orders looking just as they do for the real one.
 */
export function SandboxMark() {
  const { t } = useTranslation();
  const { sandbox } = useSnapshot(appConfig);
  const { userAccountType, userToken } = useSnapshot(session);
  const demo = userAccountType === 'demo' && userToken !== '';
  if (!sandbox && !demo) return null;
  return (
    <header className="sandbox-mark" data-testid="sandbox-mark">
      {sandbox && t('sandbox_mark')}
      {sandbox && demo && ' '}
      {demo && (
        <span
          className={sandbox ? 'sandbox-mark__demo sandbox-mark__demo--after' : 'sandbox-mark__demo'}
          data-testid="demo-mark"
        >
          {t('demo_mark')}
        </span>
      )}
    </header>
  );
}

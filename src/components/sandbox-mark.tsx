import { useTranslation } from '../i18n-hook';
import { useSnapshot } from 'valtio';
import { appConfig } from '../state/app-config';

/**
 * DECISIONS §1: when the broker says sandbox, every screen says "paper money". The app's banner
 * landmark (the screens' own navbars sit inside <main>): a screen reader moving by landmarks
 * met it outside every one, and could skip it.
 */
export function SandboxMark() {
  const { t } = useTranslation();
  const { sandbox } = useSnapshot(appConfig);
  if (!sandbox) return null;
  return (
    <header className="sandbox-mark" data-testid="sandbox-mark">
      {t('sandbox_mark')}
    </header>
  );
}

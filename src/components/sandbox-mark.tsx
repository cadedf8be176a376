import { useTranslation } from '../i18n-hook';
import { useSnapshot } from 'valtio';
import { appConfig } from '../state/app-config';

/** DECISIONS §1: when the broker says sandbox, every screen says "paper money". */
export function SandboxMark() {
  const { t } = useTranslation();
  const { sandbox } = useSnapshot(appConfig);
  if (!sandbox) return null;
  return (
    <div className="sandbox-mark" data-testid="sandbox-mark" role="note">
      {t('sandbox_mark')}
    </div>
  );
}

import './offline.css';
import { useTranslation } from '../i18n/hook';
import { useOnline } from './online';

/** Says, on every screen, that nothing shown can be live while the device is offline. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" data-testid="offline-banner" role="status">
      {t('offline.banner')}
    </div>
  );
}

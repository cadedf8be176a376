import { useTranslation } from '../i18n/hook';

/** Shown while a screen's chunk loads; the spinner only fades in after 200 ms (SPEC §9). */
export function PendingScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen screen--pending" aria-busy="true" data-testid="screen-pending">
      <span className="pending-spinner" role="progressbar" aria-label={t('loading')} />
    </div>
  );
}

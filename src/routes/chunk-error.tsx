import { useTranslation } from '../i18n/hook';
import { Navbar } from '../components/navbar';
import { useRetryUntilLoaded } from '../components/chunks/retry-until-loaded';
import { Button } from '../components/button';

/**
 * A screen that could not be shown, with Retry. `load`: the screen's code failed to arrive, so it is
 * also tried again by itself, and the screen opens once it can (the trade panels did so already;
 * a screen opened while the broker was down stayed on this error after it was back).
 */
export function ChunkError({ onRetry, load }: { onRetry: () => void; load?: () => Promise<boolean> }) {
  const { t } = useTranslation();
  useRetryUntilLoaded(load, onRetry);
  return (
    <div className="screen" data-testid="chunk-error" role="alert">
      <Navbar title={t('chunk_error.nav_title')} />
      <div className="state-message">
        <h2 className="state-message__title">{t('chunk_error.title')}</h2>
        <p className="state-message__body">{t('chunk_error.body')}</p>
        <Button look="primary" testId="chunk-retry" onClick={onRetry}>
          {t('action.retry')}
        </Button>
      </div>
    </div>
  );
}

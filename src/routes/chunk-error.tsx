import { useTranslation } from '../i18n-hook';
import { Navbar } from '../components/navbar';
import { RetryMessage } from '../components/retry-message';
import { useRetryUntilLoaded } from './retry-until-loaded';

type Retry = { onRetry: () => void; load?: (() => Promise<boolean>) | undefined };

/**
 * Code that did not arrive, said in the place of what it would have shown, with Retry. With `load`
 * (the code failed to arrive) it is also tried again by itself, and what it shows opens once it
 * can: a screen opened while the broker was down stayed on this error after it was back.
 */
export function ChunkErrorMessage({
  onRetry,
  load,
  testId,
  primary,
}: Retry & { testId?: string; primary?: boolean }) {
  const { t } = useTranslation();
  useRetryUntilLoaded(load, onRetry);
  return (
    <RetryMessage
      title={t('chunk_error.title')}
      body={t('chunk_error.body')}
      retry={t('action.retry')}
      onRetry={onRetry}
      testId={testId}
      retryTestId="chunk-retry"
      primary={primary}
    />
  );
}

/** A screen that could not be shown: the error under the screen's own bar, Retry its only way on. */
export function ChunkError({ onRetry, load }: Retry) {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="chunk-error">
      <Navbar title={t('chunk_error.nav_title')} />
      <ChunkErrorMessage onRetry={onRetry} load={load} primary />
    </div>
  );
}

import { useTranslation } from '../i18n-hook';
import { Navbar } from '../components/navbar';

export function ChunkError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="chunk-error" role="alert">
      <Navbar title={t('chunk_error.nav_title')} />
      <div className="state-message">
        <h2 className="state-message__title">{t('chunk_error.title')}</h2>
        <p className="state-message__body">{t('chunk_error.body')}</p>
        <button type="button" className="button button--primary" data-testid="chunk-retry" onClick={onRetry}>
          {t('action.retry')}
        </button>
      </div>
    </div>
  );
}

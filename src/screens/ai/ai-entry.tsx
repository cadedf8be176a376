import './namespace';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { paths } from '../../paths/paths';

/**
 * The way into the AI stock products from home and the trade tab: one row, a chunk of its own
 * with its texts and styles (src/routes/screen-chunks.ts loadAiEntry), so nothing of it is on the
 * first load, and Home's card waits for this row alone, not for the AI screens' purchase flow
 * behind it (their forms, password prompt and pull to refresh: a dozen KB and seven files).
 */
export function AiEntry({ testId }: { testId: string }) {
  const { t } = useTranslation('ai');
  return (
    <Link href={paths.aiList} className="tap-card ai-entry" data-testid={testId}>
      <span className="ai-entry__badge" aria-hidden="true">
        AI
      </span>
      <span className="tap-card__text">
        <strong>{t('entry.title')}</strong>
        <span className="tap-card__hint">{t('entry.hint')}</span>
      </span>
      <span aria-hidden="true">›</span>
    </Link>
  );
}

import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { AI_LIST_PATH } from './ai-format';

/**
 * The way into the AI stock products from home and the trade tab: one row. It lives in the AI
 * screens' chunk (ai-screens.tsx exports it), so its texts and styles come with that chunk and
 * nothing of it is on the first load.
 */
export function AiEntry({ testId }: { testId: string }) {
  const { t } = useTranslation('ai');
  return (
    <Link href={AI_LIST_PATH} className="tap-card ai-entry" data-testid={testId}>
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

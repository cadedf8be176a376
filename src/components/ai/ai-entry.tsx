import '../../screens/ai/namespace';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** The AI stock products' list (issue 16). */
const AI_LIST_PATH = '/pages/ai/list';

/**
 * The way into the AI stock products from home and the trade tab: one row, loaded lazily by both
 * (its texts and styles travel with this chunk, never the first load).
 */
export default function AiEntry({ testId }: { testId: string }) {
  const { t } = useTranslation('ai');
  return (
    <Link href={AI_LIST_PATH} className="ai-entry" data-testid={testId}>
      <span className="ai-entry__badge" aria-hidden="true">
        AI
      </span>
      <span className="ai-entry__text">
        <strong>{t('entry.title')}</strong>
        <span className="ai-entry__hint">{t('entry.hint')}</span>
      </span>
      <span aria-hidden="true">›</span>
    </Link>
  );
}

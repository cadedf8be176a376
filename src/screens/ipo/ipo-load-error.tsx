import { useTranslation } from '../../i18n-hook';
import { ErrorState } from '../../components/content/state-views';
import { IPO_LIST_PATH } from './ipo-card';

/**
 * An IPO that did not load: try again, or — when the link names no IPO (a stale or mistyped id) —
 * go to the IPO list to choose one, since asking again would fail the same way.
 */
export function IpoLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('ipo');
  return <ErrorState error={error} onRetry={onRetry} back={{ href: IPO_LIST_PATH, label: t('tab.all') }} />;
}

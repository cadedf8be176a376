import '../../i18n/pages';
import '../../styles/content-screens.css';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { watchUnread } from '../../market/watch-unread';
import { messages } from '../../state/messages';

/** The unread message count as a pill; nothing when all is read. Keeps the count fresh while shown. */
export function UnreadBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation('content');
  const { unread } = useSnapshot(messages);
  useEffect(() => watchUnread(), []);
  if (unread <= 0) return null;
  return (
    <span
      className="unread-badge num"
      data-testid={testId}
      aria-label={t('messages.unread_count', { count: unread })}
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}

/** The dot of one unread item. */
export function UnreadDot() {
  const { t } = useTranslation('content');
  return <span className="unread-dot" role="img" aria-label={t('messages.unread')} />;
}

import '../../i18n/pages';
import { useTranslation } from '../../i18n/hook';
import type { Locale } from '../../../domain/format/locale';
import { formatDateTime } from '../../../domain/format/date';
import type { Message } from '../../../domain/protocol/content';
import { UnreadDot } from '../../components/content/unread-badge';
import { ChevronIcon } from '../../components/icons';

type Props = { message: Message; open: boolean; locale: Locale; onToggle: (message: Message) => void };

/** One message: title, time and an unread dot; tapping opens the text (and marks it read). */
export function MessageItem({ message, open, locale, onToggle }: Props) {
  const { t } = useTranslation('content');
  const bodyId = `message-body-${message.id}`;
  return (
    <li
      className={`feed-item${message.read ? '' : ' feed-item--unread'}`}
      data-testid={`message-item-${message.id}`}
      data-read={message.read}
    >
      <button
        type="button"
        className="feed-item__head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => onToggle(message)}
      >
        <span className="feed-item__marker">{!message.read && <UnreadDot />}</span>
        <span className="feed-item__text">
          <span className="feed-item__title">{message.title}</span>
          <time className="feed-item__meta" dateTime={new Date(message.createdAt).toISOString()}>
            {formatDateTime(message.createdAt, locale)}
          </time>
        </span>
        <ChevronIcon className={`feed-item__chevron${open ? ' feed-item__chevron--open' : ''}`} />
      </button>
      {open && (
        <p id={bodyId} className="feed-item__body">
          {message.body}
        </p>
      )}
      {!message.read && <span className="visually-hidden">{t('messages.unread')}</span>}
    </li>
  );
}

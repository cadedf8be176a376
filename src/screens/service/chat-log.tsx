import { Fragment } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatTime } from '../../../domain/format/date';
import { formatDayLabel } from '../../../domain/format/day-label';
import type { ServiceMessage } from '../../../domain/protocol/service-chat';
import { prefs } from '../../state/prefs';
import { ChatImage } from './chat-image';

/** The conversation oldest first, with a localized day heading (Bugün/Dün, Today/Yesterday) per day. */
export function ChatLog({
  messages,
  now,
  onLastImageLoad,
}: {
  messages: readonly ServiceMessage[];
  now: number;
  /** The newest message's image has loaded: it grew taller than when it was scrolled to. */
  onLastImageLoad?: () => void;
}) {
  const { t } = useTranslation('service');
  const { lang } = useSnapshot(prefs);
  let lastDay = '';
  return (
    <ol className="card-list chat-log" aria-live="polite" data-testid="chat-log">
      {messages.map((m, index) => {
        const day = formatDayLabel(m.at, now, lang);
        const heading = day !== lastDay;
        lastDay = day;
        return (
          <Fragment key={m.id}>
            {heading && (
              <li className="chat-log__day" data-testid="chat-day">
                {day}
              </li>
            )}
            <li className={`chat-bubble chat-bubble--${m.sender}`} data-testid={`chat-${m.sender}`}>
              <span className="visually-hidden">{m.sender === 'user' ? t('you') : t('agent')}: </span>
              {m.imageId !== null && (
                <ChatImage
                  id={m.imageId}
                  onLoad={index === messages.length - 1 ? onLastImageLoad : undefined}
                />
              )}
              {m.text !== '' && <p className="chat-bubble__text">{m.text}</p>}
              <time className="chat-bubble__time" dateTime={new Date(m.at).toISOString()}>
                {formatTime(m.at, lang)}
              </time>
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}

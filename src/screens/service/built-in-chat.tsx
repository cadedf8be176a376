import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../i18n/hook';
import { serviceEventSchema, type ServiceMessage } from '../../../domain/protocol/service-chat';
import { serviceChatEndpoints } from '../../../domain/protocol/endpoints/service-chat';
import { call } from '../../api/call';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { onPrivateEvent, onPrivateResync } from '../../market/private-events';
// Registers how to start the worker, whose socket carries the replies (see use-private-refetch.ts).
import '../../market/client';
import { ChatLog } from './chat-log';
import { Composer } from './composer';
import { serverNow } from '../../api/server-clock';

/** Adds messages not yet shown, keeping the log oldest first. */
function merge(list: readonly ServiceMessage[], more: readonly ServiceMessage[]): ServiceMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.at - b.at || Number(a.id) - Number(b.id));
}

/**
 * The newest message wholly in view above the composer (its bubble's scroll margin): when it
 * arrives, and again when its image has loaded and made it taller.
 */
function scrollToNewest(): void {
  // Optional: not every environment (jsdom) implements it, and a chat that cannot scroll still works.
  document.querySelector('.chat-log > li:last-child')?.scrollIntoView?.({ block: 'end' });
}

/**
 * The built-in support chat (DECISIONS §3): the stored conversation, new messages pushed on the
 * private `messages` channel (staff answer through the operator CLI), a resync reloading it.
 */
export function BuiltInChat() {
  const { t } = useTranslation('service');
  const load = useCallback(() => call(serviceChatEndpoints.messages, { size: 50 }, { silent: true }), []);
  const page = useLiveData('service-messages', load);
  const [live, setLive] = useState<ServiceMessage[]>([]);
  // The fixed composer grows (an error, the count, an image preview): the log keeps that much room
  // below its newest message, which is scrolled to again so it stays in view.
  const [composerHeight, setComposerHeight] = useState<number | null>(null);
  const onComposerHeight = useCallback((height: number) => {
    setComposerHeight(height);
    scrollToNewest();
  }, []);
  // A resync (sign-in, reconnect) refetches in the background: the composer keeps what was typed.
  const { refresh } = page;
  useEffect(() => {
    const offEvent = onPrivateEvent('messages', (data) => {
      const parsed = serviceEventSchema.safeParse(data);
      if (parsed.success) setLive((list) => merge(list, [parsed.data.service]));
    });
    const offResync = onPrivateResync('messages', refresh);
    return () => {
      offEvent();
      offResync();
    };
  }, [refresh]);
  useEffect(scrollToNewest, [live, page.data]);

  if (page.status === 'loading') return <ListSkeleton rows={4} />;
  if (page.status === 'error') return <ErrorState error={page.error} onRetry={page.reload} />;
  const messages = merge(page.data.list, live);
  return (
    <div
      className="chat"
      style={
        composerHeight === null
          ? undefined
          : ({ '--chat-composer-height': `${composerHeight}px` } as CSSProperties)
      }
    >
      <p className="hint chat__intro">{t('intro')}</p>
      {messages.length === 0 ? (
        <p className="chat__empty" data-testid="chat-empty">
          {t('empty')}
        </p>
      ) : (
        <ChatLog messages={messages} now={serverNow()} onLastImageLoad={scrollToNewest} />
      )}
      <Composer onSent={(m) => setLive((list) => merge(list, [m]))} onHeight={onComposerHeight} />
    </div>
  );
}

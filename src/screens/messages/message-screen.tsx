import '../../i18n-pages';
import '../../styles/content-screens.css';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import type { Message, MessageKind } from '../../../domain/protocol/content';
import { contentEndpoints } from '../../../domain/protocol/endpoints/content';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { UnreadDot } from '../../components/content/unread-badge';
import { LoadMore } from '../../components/content/load-more';
import { usePrivateRefetch } from '../../market/use-private-refetch';
import { usePaged } from '../../components/content/use-paged';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { showToast } from '../../services/toast';
import { decrementUnread, messages as unreadState, setUnread } from '../../state/messages';
import { prefs } from '../../state/prefs';
import { MessageItem } from './message-item';
import { Tabs, tabId, tabPanelId } from '../../components/tabs';
import { useSearch } from 'wouter';
import { navigate } from '../../routes/navigation';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';

const KINDS: readonly MessageKind[] = ['personal', 'platform'];
const LIVE = ['messages'] as const;

function markRead(id: string | null): (message: Message) => Message {
  return (m) => (id === null || m.id === id ? { ...m, read: true } : m);
}

/** Personal and platform messages, with read state shared with the unread badges. */
export default function MessageScreen() {
  const { t } = useTranslation('content');
  const { lang } = useSnapshot(prefs);
  // The tab is in the page's address (?tab=platform, replaced, not pushed): back from another
  // screen lands on the tab the user left, not on Personal again.
  const requested = new URLSearchParams(useSearch()).get('tab');
  const [kind, setKind] = useState<MessageKind>(requested === 'platform' ? 'platform' : 'personal');
  const [openId, setOpenId] = useState<string | null>(null);
  const { unread } = useSnapshot(unreadState);
  // A page at a time, the next one from the last message shown: a months-old account has hundreds.
  const messages = usePaged<Message>(`messages-${kind}`, async (page, size, after) => {
    const answer = await call(
      contentEndpoints.messages,
      { kind, page, size, ...(after ? { before: after.id } : {}) },
      { silent: true },
    );
    setUnread(answer.unread);
    return answer;
  });

  // A message that comes while the centre is open (the broker announces each one) shows at the top,
  // the pages loaded below staying where they are: it only appeared after leaving and coming back.
  usePrivateRefetch(LIVE, () => void messages.refresh({ keepMore: true }));

  // The other tab's newest page, for its unread mark: the badge on Mine counts both kinds, and a
  // "5" there beside three unread personal messages, with nothing on Platform, read as a wrong count.
  const other: MessageKind = kind === 'personal' ? 'platform' : 'personal';
  const [otherUnread, setOtherUnread] = useState<{ kind: MessageKind; any: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    call(contentEndpoints.messages, { kind: other, page: 1, size: 20 }, { silent: true }).then(
      (answer) => {
        if (live) setOtherUnread({ kind: other, any: answer.list.some((m) => !m.read) });
      },
      () => undefined, // Only a hint: the tab's own list shows real errors.
    );
    return () => {
      live = false;
    };
  }, [other]);
  const tabUnread = (k: MessageKind) =>
    k === kind
      ? messages.rows.some((m) => !m.read)
      : unread > 0 && otherUnread !== null && otherUnread.kind === k && otherUnread.any;

  const toggle = (message: Message) => {
    setOpenId((current) => (current === message.id ? null : message.id));
    if (message.read) return;
    messages.update(markRead(message.id));
    decrementUnread();
    // If the server didn't take it, the next refetch shows the message unread again.
    call(contentEndpoints.readMessages, { id: message.id }, { silent: true }).catch(() => undefined);
  };

  const markAll = async () => {
    try {
      await call(contentEndpoints.readMessages, { all: '1' });
    } catch {
      return; // The server's reason was toasted.
    }
    messages.update(markRead(null));
    setUnread(0);
    showToast(t('messages.all_read'));
  };

  // The server's count over every message, not only the pages loaded so far.
  const hasUnread = unread > 0 || messages.rows.some((m) => !m.read);
  const first = messages.first;
  let body;
  if (first.status === 'loading') body = <ListSkeleton />;
  else if (first.status === 'error') body = <ErrorState error={first.error} onRetry={messages.reload} />;
  else if (messages.rows.length === 0)
    body = <EmptyState title={t(`messages.empty.${kind}`)} body={t('messages.empty_body')} />;
  else
    body = (
      <>
        <ul className="feed">
          {messages.rows.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              open={openId === message.id}
              locale={lang}
              onToggle={toggle}
            />
          ))}
        </ul>
        <LoadMore paged={messages} label={t('messages.more')} className="message-more" />
      </>
    );

  return (
    <Screen className="message-screen">
      <Navbar title={t('messages.title')} />
      <Tabs
        label={t('messages.tabs_label')}
        idPrefix="messages"
        options={KINDS.map((k) => ({
          value: k,
          label: (
            <>
              {t(`messages.tabs.${k}`)}
              {tabUnread(k) && (
                <span className="tabs__unread" data-testid={`messages-tab-unread-${k}`}>
                  <UnreadDot />
                </span>
              )}
            </>
          ),
          testId: `messages-tab-${k}`,
        }))}
        selected={kind}
        onSelect={(k) => {
          setKind(k);
          setOpenId(null);
          navigate(k === 'personal' ? location.pathname : `${location.pathname}?tab=${k}`, { replace: true });
        }}
      />
      {/* The tab panel is there whatever it holds (a list, an empty or an error state): the tabs'
          aria-controls name it, and a name pointing nowhere is invalid ARIA. */}
      <div
        className="screen__body"
        id={tabPanelId('messages')}
        role="tabpanel"
        aria-labelledby={tabId('messages', kind)}
      >
        <PullToRefresh onRefresh={() => messages.refresh({ keepMore: true })}>{body}</PullToRefresh>
      </div>
      <div className="bottom-bar">
        <button
          type="button"
          className="button button--secondary bottom-bar__button"
          data-testid="messages-mark-all"
          disabled={!hasUnread}
          onClick={() => void markAll()}
        >
          {t('messages.mark_all')}
        </button>
      </div>
    </Screen>
  );
}

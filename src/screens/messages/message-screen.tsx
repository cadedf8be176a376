import '../../i18n/pages';
import '../../styles/content-screens.css';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { Message, MessageKind } from '../../../domain/protocol/content';
import { contentEndpoints } from '../../../domain/protocol/endpoints/content';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { UnreadDot } from '../../components/content/unread-badge';
import { LoadMore } from '../../components/content/paged-list';
import { usePrivateRefetch } from '../../market/use-private-refetch';
import { usePaged } from '../../components/content/use-paged';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { showToast } from '../../services/toast';
import { decrementUnread, messages as unreadState, setUnread } from '../../state/messages';
import { prefs } from '../../state/prefs';
import { MessageItem } from './message-item';
import { TabPanel, Tabs } from '../../components/tabs';
import { useSearch } from 'wouter';
import { navigate } from '../../paths/navigation';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { Button } from '../../components/button';

const KINDS: readonly MessageKind[] = ['personal', 'platform'];
const LIVE = ['messages'] as const;

function markRead(id: string | null): (message: Message) => Message {
  return (m) => (id === null || m.id === id ? { ...m, read: true } : m);
}

type PagedMessages = ReturnType<typeof usePaged<Message>>;

/**
 * Whether the other tab's newest page has an unread message, for its mark: the badge on Mine
 * counts both kinds, and a "5" there beside three unread personal messages, with nothing on
 * Platform, read as a wrong count.
 */
function useOtherTabUnread(kind: MessageKind): (k: MessageKind) => boolean {
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
  return (k) => otherUnread !== null && otherUnread.kind === k && otherUnread.any;
}

/** The tab's messages a page at a time, or its loading, error or empty state. */
function MessageList({
  messages,
  kind,
  openId,
  onToggle,
}: {
  messages: PagedMessages;
  kind: MessageKind;
  openId: string | null;
  onToggle: (message: Message) => void;
}) {
  const { t } = useTranslation('content');
  const { lang } = useSnapshot(prefs);
  const first = messages.first;
  if (first.status === 'loading') return <ListSkeleton />;
  if (first.status === 'error') return <ErrorState error={first.error} onRetry={messages.reload} />;
  if (messages.rows.length === 0)
    return <EmptyState title={t(`messages.empty.${kind}`)} body={t('messages.empty_body')} />;
  return (
    <>
      <ul className="feed">
        {messages.rows.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            open={openId === message.id}
            locale={lang}
            onToggle={onToggle}
          />
        ))}
      </ul>
      <LoadMore paged={messages} label={t('messages.more')} className="message-more" />
    </>
  );
}

/** Every message read, on the server first: a refusal (toasted) leaves the marks as they were. */
async function markAllRead(messages: PagedMessages, doneText: string): Promise<void> {
  try {
    await call(contentEndpoints.readMessages, { all: '1' });
  } catch {
    return;
  }
  messages.update(markRead(null));
  setUnread(0);
  showToast(doneText);
}

/** Personal | Platform, each with a dot while it holds an unread message. */
function MessageTabs({
  kind,
  unread,
  onSelect,
}: {
  kind: MessageKind;
  unread: (k: MessageKind) => boolean;
  onSelect: (k: MessageKind) => void;
}) {
  const { t } = useTranslation('content');
  return (
    <Tabs
      label={t('messages.tabs_label')}
      idPrefix="messages"
      options={KINDS.map((k) => ({
        value: k,
        label: (
          <>
            {t(`messages.tabs.${k}`)}
            {unread(k) && (
              <span className="tabs__unread" data-testid={`messages-tab-unread-${k}`}>
                <UnreadDot />
              </span>
            )}
          </>
        ),
        testId: `messages-tab-${k}`,
      }))}
      selected={kind}
      onSelect={onSelect}
    />
  );
}

/** Personal and platform messages, with read state shared with the unread badges. */
export default function MessageScreen() {
  const { t } = useTranslation('content');
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

  const otherUnread = useOtherTabUnread(kind);
  const tabUnread = (k: MessageKind) =>
    k === kind ? messages.rows.some((m) => !m.read) : unread > 0 && otherUnread(k);

  const toggle = (message: Message) => {
    setOpenId((current) => (current === message.id ? null : message.id));
    if (message.read) return;
    messages.update(markRead(message.id));
    decrementUnread();
    // If the server didn't take it, the next refetch shows the message unread again.
    call(contentEndpoints.readMessages, { id: message.id }, { silent: true }).catch(() => undefined);
  };

  // The server's count over every message, not only the pages loaded so far.
  const hasUnread = unread > 0 || messages.rows.some((m) => !m.read);
  return (
    <Screen className="message-screen">
      <Navbar title={t('messages.title')} />
      <MessageTabs
        kind={kind}
        unread={tabUnread}
        onSelect={(k) => {
          setKind(k);
          setOpenId(null);
          navigate(k === 'personal' ? location.pathname : `${location.pathname}?tab=${k}`, { replace: true });
        }}
      />
      {/* The tab panel is there whatever it holds (a list, an empty or an error state): the tabs'
          aria-controls name it, and a name pointing nowhere is invalid ARIA. */}
      <TabPanel className="screen__body" idPrefix="messages" selected={kind}>
        <PullToRefresh onRefresh={() => messages.refresh({ keepMore: true })}>
          <MessageList messages={messages} kind={kind} openId={openId} onToggle={toggle} />
        </PullToRefresh>
      </TabPanel>
      <div className="bottom-bar">
        <Button
          className="bottom-bar__button"
          testId="messages-mark-all"
          disabled={!hasUnread}
          onClick={() => void markAllRead(messages, t('messages.all_read'))}
        >
          {t('messages.mark_all')}
        </Button>
      </div>
    </Screen>
  );
}

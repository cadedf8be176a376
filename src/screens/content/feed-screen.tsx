import '../../i18n/pages';
import '../../styles/content-screens.css';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { Page } from '../../../domain/protocol/envelope';
import { LiveBody } from '../../components/content/paged-list';
import { EmptyState } from '../../components/content/state-views';
import type { LiveData } from '../../components/content/use-live-data';
import { Navbar } from '../../components/navbar';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { Screen } from '../../components/screen';
import { prefs } from '../../state/prefs';

/** A list of things to read (news, notices), newest first, pulled to refresh. */
export function FeedScreen<T>({
  className,
  title,
  live,
  empty,
  children,
}: {
  className: string;
  title: string;
  live: LiveData<Page<T>>;
  empty: { title: string; body: string };
  children: (item: T) => ReactNode;
}) {
  return (
    <Screen className={className}>
      <Navbar title={title} />
      <div className="screen__body">
        <PullToRefresh onRefresh={live.refresh}>
          <LiveBody
            live={live}
            onRetry={live.reload}
            isEmpty={(page) => page.list.length === 0}
            empty={<EmptyState title={empty.title} body={empty.body} />}
          >
            {({ list }) => <ul className="feed">{list.map(children)}</ul>}
          </LiveBody>
        </PullToRefresh>
      </div>
    </Screen>
  );
}

/** One entry of a feed: its title, an optional summary, and a meta line ending in its time. */
export function FeedItem({
  href,
  title,
  summary,
  meta,
  at,
  marker,
  read,
  testId,
}: {
  href: string;
  title: string;
  summary?: string;
  /** What stands before the time on the meta line (a source, a "pinned" mark). */
  meta: ReactNode;
  at: number;
  /** A leading mark (an unread dot); its column is kept when absent so titles line up. */
  marker?: ReactNode;
  /** The read state where one is kept (notices): an unread item stands out. */
  read?: boolean | undefined;
  testId: string;
}) {
  const { lang } = useSnapshot(prefs);
  return (
    <li
      className={`feed-item${read === false ? ' feed-item--unread' : ''}`}
      data-testid={testId}
      data-read={read}
    >
      <Link href={href} className="feed-item__head">
        {marker !== undefined && <span className="feed-item__marker">{marker}</span>}
        <span className="feed-item__text">
          <span className="feed-item__title">{title}</span>
          {summary !== undefined && summary !== '' && <span className="feed-item__summary">{summary}</span>}
          <span className="feed-item__meta">
            {meta}
            <time dateTime={new Date(at).toISOString()}>{formatDateTime(at, lang)}</time>
          </span>
        </span>
      </Link>
    </li>
  );
}

import '../../i18n-pages';
import '../../styles/content-screens.css';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import { EmptyState } from '../../components/content/state-views';
import { LiveBody } from '../../components/content/paged-list';
import { UnreadDot } from '../../components/content/unread-badge';
import { useLiveData } from '../../components/content/use-live-data';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { prefs } from '../../state/prefs';
import { loadNotices } from './load-notices';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { itemHref, paths } from '../../routes/paths';

export default function NoticeListScreen() {
  const { t } = useTranslation('content');
  const { lang } = useSnapshot(prefs);
  const notices = useLiveData('notices', loadNotices);

  return (
    <Screen className="notice-list-screen">
      <Navbar title={t('notices.title')} />
      <div className="screen__body">
        <PullToRefresh onRefresh={notices.refresh}>
          <LiveBody
            live={notices}
            onRetry={notices.reload}
            isEmpty={(page) => page.list.length === 0}
            empty={<EmptyState title={t('notices.empty')} body={t('notices.empty_body')} />}
          >
            {({ list }) => (
              <ul className="feed">
                {list.map((notice) => (
                  <li
                    key={notice.id}
                    className={`feed-item${notice.read === false ? ' feed-item--unread' : ''}`}
                    data-testid={`notice-item-${notice.id}`}
                    data-read={notice.read}
                  >
                    <Link href={itemHref(paths.noticeDetail, notice.id)} className="feed-item__head">
                      <span className="feed-item__marker">{notice.read === false && <UnreadDot />}</span>
                      <span className="feed-item__text">
                        <span className="feed-item__title">{notice.title}</span>
                        <span className="feed-item__meta">
                          {notice.pinned && <span className="pill">{t('notices.pinned')}</span>}
                          <time dateTime={new Date(notice.createdAt).toISOString()}>
                            {formatDateTime(notice.createdAt, lang)}
                          </time>
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </LiveBody>
        </PullToRefresh>
      </div>
    </Screen>
  );
}

import '../../i18n/pages';
import { useTranslation } from '../../i18n/hook';
import { UnreadDot } from '../../components/content/unread-badge';
import { useLiveData } from '../../components/content/use-live-data';
import { itemHref, paths } from '../../paths/paths';
import { FeedItem, FeedScreen } from './feed-screen';
import { loadNotices } from './load-notices';

export default function NoticeListScreen() {
  const { t } = useTranslation('content');
  const notices = useLiveData('notices', loadNotices);
  return (
    <FeedScreen
      className="notice-list-screen"
      title={t('notices.title')}
      live={notices}
      empty={{ title: t('notices.empty'), body: t('notices.empty_body') }}
    >
      {(notice) => (
        <FeedItem
          key={notice.id}
          href={itemHref(paths.noticeDetail, notice.id)}
          title={notice.title}
          marker={notice.read === false && <UnreadDot />}
          meta={notice.pinned && <span className="pill">{t('notices.pinned')}</span>}
          at={notice.createdAt}
          read={notice.read}
          testId={`notice-item-${notice.id}`}
        />
      )}
    </FeedScreen>
  );
}

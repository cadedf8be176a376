import '../../i18n/pages';
import '../../styles/content-screens.css';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { Notice } from '../../../domain/protocol/content';
import { contentEndpoints } from '../../../domain/protocol/endpoints/content';
import { call } from '../../api/call';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { TitledScreen } from '../../components/screen';
import { prefs } from '../../state/prefs';
import { isSignedIn } from '../../state/session';
import { loadNotices } from './load-notices';
import { cachedNotice, rememberNotices } from './notice-cache';
import { DetailPickState } from './detail-pick-state';

async function loadNotice(id: string): Promise<Notice | null> {
  const cached = cachedNotice(id);
  if (cached) return cached;
  const page = await loadNotices();
  return page.list.find((n) => n.id === id) ?? null;
}

export default function NoticeDetailScreen() {
  const { t } = useTranslation('content');
  const { lang } = useSnapshot(prefs);
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const notice = useLiveData(`notice-${id}`, () => loadNotice(id), id !== '');
  const unreadId = notice.status === 'ready' && notice.data?.read === false ? notice.data.id : null;

  // Opening a notice reads it (signed in only: guests have no read marks).
  useEffect(() => {
    if (unreadId === null || !isSignedIn()) return;
    call(contentEndpoints.readNotice, { id: unreadId }, { silent: true })
      .then(() => {
        const cached = cachedNotice(unreadId);
        if (cached) rememberNotices([{ ...cached, read: true }]);
      })
      .catch(() => undefined);
  }, [unreadId]);

  let body;
  // Opened without ?id= (a link cut short): point to the notices, as news does, not "not found".
  if (id === '') body = <DetailPickState list="notices" missing={false} />;
  else if (notice.status === 'loading') body = <ListSkeleton rows={2} />;
  else if (notice.status === 'error') body = <ErrorState error={notice.error} onRetry={notice.reload} />;
  else if (notice.data === null) body = <DetailPickState list="notices" missing />;
  else
    body = (
      <article className="article" data-testid="notice-detail">
        <h2 className="article__title">{notice.data.title}</h2>
        <p className="article__meta">
          {notice.data.pinned && <span className="pill">{t('notices.pinned')}</span>}
          <time dateTime={new Date(notice.data.createdAt).toISOString()}>
            {formatDateTime(notice.data.createdAt, lang)}
          </time>
        </p>
        <p className="article__plain">{notice.data.body}</p>
      </article>
    );

  return (
    <TitledScreen className="notice-detail-screen" title={t('notices.detail_title')}>
      {body}
    </TitledScreen>
  );
}

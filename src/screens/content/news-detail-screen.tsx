import '../../i18n/pages';
import '../../styles/content-screens.css';
import { useMemo, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import { contentEndpoints } from '../../../domain/protocol/endpoints/content';
import { call } from '../../api/call';
import { ErrorState, isMissing, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { TitledScreen } from '../../components/screen';
import { navigate } from '../../paths/navigation';
import { prefs } from '../../state/prefs';
import { inAppPath, sanitizeArticle } from './sanitize-html';
import { DetailPickState } from './detail-pick-state';

/** In-app links in the stored HTML move within the app instead of reloading the page. */
function followInAppLink(event: MouseEvent<HTMLDivElement>): void {
  if (!(event.target instanceof Element)) return;
  const anchor = event.target.closest('a');
  if (!anchor) return;
  const path = inAppPath(anchor);
  if (path === null) return;
  event.preventDefault();
  navigate(path);
}

export default function NewsDetailScreen() {
  const { t } = useTranslation('content');
  const { lang } = useSnapshot(prefs);
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const article = useLiveData(
    `news-${id}`,
    () => call(contentEndpoints.article, { id }, { silent: true }),
    id !== '',
  );
  const html = useMemo(
    () => (article.status === 'ready' ? sanitizeArticle(article.data.body) : ''),
    [article],
  );

  let body;
  // Opened without ?id= (a link cut short): point to the stories rather than a validation message.
  if (id === '') body = <DetailPickState list="news" missing={false} />;
  else if (article.status === 'loading') body = <ListSkeleton rows={3} />;
  else if (article.status === 'error')
    body =
      // ?id=99999 (NOT_FOUND) and ?id=abc (FIELD_INVALID: no id at all) are the same dead link:
      // one not-found state, not a retry that fails again.
      isMissing(article.error) ? (
        <DetailPickState list="news" missing />
      ) : (
        <ErrorState error={article.error} onRetry={article.reload} />
      );
  else
    body = (
      <article className="article" data-testid="news-detail">
        <h2 className="article__title">{article.data.title}</h2>
        <p className="article__meta">
          {article.data.source !== '' && <span>{t('news.source', { source: article.data.source })}</span>}
          <time dateTime={new Date(article.data.publishedAt).toISOString()}>
            {formatDateTime(article.data.publishedAt, lang)}
          </time>
        </p>
        {/* Sanitized above: simple tags only, https or in-app links, no scripts or handlers. */}
        <div className="article__html" onClick={followInAppLink} dangerouslySetInnerHTML={{ __html: html }} />
        <p className="hint">{t('news.disclaimer')}</p>
      </article>
    );

  return (
    <TitledScreen className="news-detail-screen" title={t('news.detail_title')}>
      {body}
    </TitledScreen>
  );
}

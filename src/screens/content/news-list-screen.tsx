import '../../i18n-pages';
import '../../styles/content-screens.css';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import { contentEndpoints } from '../../../domain/protocol/endpoints/content';
import { call } from '../../api/call';
import { EmptyState } from '../../components/content/state-views';
import { LiveBody } from '../../components/content/paged-list';
import { useLiveData } from '../../components/content/use-live-data';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { prefs } from '../../state/prefs';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { itemHref, paths } from '../../routes/paths';

const loadNews = () => call(contentEndpoints.news, { page: 1, size: 50 }, { silent: true });

export default function NewsListScreen() {
  const { t } = useTranslation('content');
  const { lang } = useSnapshot(prefs);
  const news = useLiveData('news', loadNews);

  return (
    <Screen className="news-list-screen">
      <Navbar title={t('news.title')} />
      <div className="screen__body">
        <PullToRefresh onRefresh={news.refresh}>
          <LiveBody
            live={news}
            onRetry={news.reload}
            isEmpty={(page) => page.list.length === 0}
            empty={<EmptyState title={t('news.empty')} body={t('news.empty_body')} />}
          >
            {({ list }) => (
              <ul className="feed">
                {list.map((item) => (
                  <li key={item.id} className="feed-item" data-testid={`news-item-${item.id}`}>
                    <Link href={itemHref(paths.newsDetail, item.id)} className="feed-item__head">
                      <span className="feed-item__text">
                        <span className="feed-item__title">{item.title}</span>
                        {item.summary !== '' && <span className="feed-item__summary">{item.summary}</span>}
                        <span className="feed-item__meta">
                          {item.source !== '' && <span>{item.source}</span>}
                          <time dateTime={new Date(item.publishedAt).toISOString()}>
                            {formatDateTime(item.publishedAt, lang)}
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

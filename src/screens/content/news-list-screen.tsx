import '../../i18n/pages';
import { useTranslation } from '../../i18n/hook';
import { contentEndpoints } from '../../../domain/protocol/endpoints/content';
import { call } from '../../api/call';
import { useLiveData } from '../../components/content/use-live-data';
import { itemHref, paths } from '../../paths/paths';
import { FeedItem, FeedScreen } from './feed-screen';

const loadNews = () => call(contentEndpoints.news, { page: 1, size: 50 }, { silent: true });

export default function NewsListScreen() {
  const { t } = useTranslation('content');
  const news = useLiveData('news', loadNews);
  return (
    <FeedScreen
      className="news-list-screen"
      title={t('news.title')}
      live={news}
      empty={{ title: t('news.empty'), body: t('news.empty_body') }}
    >
      {(item) => (
        <FeedItem
          key={item.id}
          href={itemHref(paths.newsDetail, item.id)}
          title={item.title}
          summary={item.summary}
          meta={item.source !== '' && <span>{item.source}</span>}
          at={item.publishedAt}
          testId={`news-item-${item.id}`}
        />
      )}
    </FeedScreen>
  );
}

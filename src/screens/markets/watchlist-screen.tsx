import '../../styles/content-screens.css';
import '../../styles/market.css';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { WatchKind } from '../../market/watchlist-calls';
import { EmptyState, ErrorState } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { FeedBadge } from '../../components/market/feed-badge';
import { useBistSession } from '../../components/market/use-bist-session';
import { QuoteList, QuoteListSkeleton } from '../../components/market/quote-list';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { watchlist } from '../../market/watchlist';
import { session } from '../../state/session';
import { loadWatchRows } from './watch-rows';
import { TabPanel, Tabs } from '../../components/tabs';
import { paths, withQuery } from '../../paths/paths';
import { ButtonLink } from '../../components/button';

const KINDS: readonly WatchKind[] = ['stock', 'coin'];

function WatchPanel({ kind }: { kind: WatchKind }) {
  const { t } = useTranslation('market');
  const data = useLiveData(`watch-${kind}`, () => loadWatchRows(kind));
  const { userToken } = useSnapshot(session);
  const snap = useSnapshot(watchlist);
  // An unstarred row leaves at once; the store is the truth once it is loaded for this user.
  const stars = snap.loadedFor === userToken ? snap[kind] : null;
  const loaded = data.status === 'ready' ? data.data : null;
  const rows = useMemo(
    () => (loaded && stars ? loaded.filter((row) => stars[row.symbol]) : (loaded ?? [])),
    [loaded, stars],
  );
  if (data.status === 'loading') return <QuoteListSkeleton rows={4} />;
  if (data.status === 'error') return <ErrorState error={data.error} onRetry={data.reload} />;
  if (rows.length === 0)
    return (
      <EmptyState
        title={t(`watchlist.empty_${kind}`)}
        body={t('watchlist.empty_body')}
        action={
          <ButtonLink
            href={kind === 'coin' ? withQuery(paths.markets, { segment: 'coins' }) : paths.markets}
            testId="watchlist-browse"
          >
            {t('watchlist.browse')}
          </ButtonLink>
        }
      />
    );
  return <QuoteList rows={rows} star testId={`watchlist-${kind}`} />;
}

/** /pages/stock/collect: the user's watched stocks and coins, live. */
export default function WatchlistScreen() {
  const { t } = useTranslation('market');
  const [kind, setKind] = useState<WatchKind>('stock');
  const session = useBistSession(kind === 'stock');
  return (
    <Screen className="watchlist-screen">
      <Navbar title={t('watchlist.title')} right={<FeedBadge session={session} bist={kind === 'stock'} />} />
      <Tabs
        label={t('watchlist.title')}
        idPrefix="watchlist"
        options={KINDS.map((name) => ({
          value: name,
          label: t(`watchlist.seg.${name}`),
          testId: `watchlist-seg-${name}`,
        }))}
        selected={kind}
        onSelect={setKind}
      />
      <TabPanel className="screen__body" idPrefix="watchlist" selected={kind}>
        <WatchPanel key={kind} kind={kind} />
      </TabPanel>
    </Screen>
  );
}

import '../../styles/content-screens.css';
import '../../styles/market.css';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link, useSearch } from 'wouter';
import { FeedBadge } from '../../components/market/feed-badge';
import { useBistIndices } from '../../components/market/use-bist-session';
import { SearchIcon, StarIcon } from '../../components/market/market-icons';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import type { Sort } from '../../market/sort';
import { CoinsPanel, IndicesPanel } from './quote-panels';
import { SortHeader } from './sort-header';
import { StocksPanel } from './stocks-panel';
import { prefetchStockPage } from './use-stock-pages';
import { DEFAULT_SORT } from './stock-page-query';
import { openingQuery } from '../../api/early';
import { TabPanel, Tabs } from '../../components/tabs';
import { paths } from '../../paths/paths';

const SEGMENTS = ['stocks', 'indices', 'coins'] as const;
type Segment = (typeof SEGMENTS)[number];

function isSegment(value: string | null): value is Segment {
  return (SEGMENTS as readonly (string | null)[]).includes(value);
}

// Opened on its stocks (the default segment and sort), the tab's first page is asked for as this
// chunk loads, while React renders the screen around it (use-stock-pages.ts says why).
const opening = openingQuery(paths.markets);
if (opening) {
  const segment = opening.get('segment');
  if (!isSegment(segment) || segment === 'stocks') prefetchStockPage(DEFAULT_SORT);
}

/**
 * The Markets tab: stocks | indices | coins. Only the chosen segment is mounted, so the hidden
 * ones neither render nor stream.
 */
/** The top bar's ways on: search, and the user's watchlist. */
const NAV_LINKS = [
  { href: paths.search, name: 'search', label: 'search.title', Icon: SearchIcon },
  { href: paths.watchlist, name: 'watchlist', label: 'watchlist.title', Icon: StarIcon },
] as const;

export default function MarketsScreen() {
  const { t } = useTranslation('market');
  const requested = new URLSearchParams(useSearch()).get('segment');
  const [segment, setSegment] = useState<Segment>(isSegment(requested) ? requested : 'stocks');
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  // Stocks and indices keep BIST's hours; coins trade around the clock. The indices answer carries
  // the session: the badge reads it, and the indices segment lists it (one request for both).
  const bist = segment !== 'coins';
  const indices = useBistIndices(bist);
  const session = bist && indices.status === 'ready' ? indices.data.status : null;

  const actions = NAV_LINKS.map(({ href, name, label, Icon }) => (
    <Link
      key={name}
      href={href}
      className="icon-button"
      data-testid={`markets-${name}`}
      aria-label={t(label)}
    >
      <Icon />
    </Link>
  ));

  return (
    <Screen className="markets-screen">
      <Navbar title={t('markets.title')} back={false} right={actions} />
      <Tabs
        label={t('markets.segments')}
        idPrefix="markets"
        options={SEGMENTS.map((name) => ({
          value: name,
          label: t(`markets.seg.${name}`),
          testId: `markets-seg-${name}`,
        }))}
        selected={segment}
        onSelect={setSegment}
      />
      <TabPanel className="screen__body" idPrefix="markets" selected={segment}>
        <div className="list-head">
          <div className="split-row market-toolbar">
            <FeedBadge session={session} bist={bist} />
          </div>
          <SortHeader sort={sort} onSort={setSort} unit={segment === 'coins' ? 'USDT' : 'TL'} />
        </div>
        {segment === 'stocks' && <StocksPanel sort={sort} />}
        {segment === 'indices' && <IndicesPanel indices={indices} sort={sort} />}
        {segment === 'coins' && <CoinsPanel sort={sort} />}
      </TabPanel>
    </Screen>
  );
}

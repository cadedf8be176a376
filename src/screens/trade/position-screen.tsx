import '../../components/trade/texts';
import '../../styles/trade.css';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatMoney, formatTry } from '../../../domain/format/number';
import type { Holding } from '../../../domain/protocol/trading';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { FeedBadge } from '../../components/market/feed-badge';
import { useBistSession } from '../../components/market/use-bist-session';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { TabPanel, Tabs } from '../../components/tabs';
import { toneOf } from '../../components/tone';
import { FigureRows } from '../../components/trade/figure-rows';
import { OptionPositionsEntry } from '../../components/trade/option-link';
import { account } from '../../state/account';
import { market } from '../../state/market';
import { setPositionTab, ui } from '../../state/ui';
import { HoldingRow } from './holding-row';
import { liveTotals } from './live-pnl';
import { usePrivateRefetch } from '../../market/use-private-refetch';
import { paths } from '../../paths/paths';
import { stockOrderEndpoints } from '../../../domain/protocol/endpoints/stock-orders';
import { call } from '../../api/call';
import { ButtonLink } from '../../components/button';
import { prefs } from '../../state/prefs';

/** ui.positionTab is an index (SPEC §3): 0 ordinary, 1 IPO, 2 option, 3 locked. */
const TABS = ['ordinary', 'ipo', 'option', 'locked'] as const;
type PositionTab = (typeof TABS)[number];
const loadHoldings = (tab: PositionTab) =>
  call(stockOrderEndpoints.holdings, { tab, page: 1, size: 100 }, { silent: true });
const ACCOUNT_CHANNELS = ['orders', 'balances'] as const;

function Totals({ holdings, realized }: { holdings: readonly Holding[]; realized: string }) {
  const { t } = useTranslation('trade');
  const { lang: locale } = useSnapshot(prefs);
  const tickers = useSnapshot(market).tickers;
  const totals = liveTotals(holdings, (symbol) => tickers[symbol]?.last);
  const pnl = totals.unrealizedPnl;
  return (
    <section className="cost-breakdown" data-testid="position-totals">
      <FigureRows
        rows={[
          {
            label: t('position.market_value'),
            value: formatTry(totals.marketValue, locale),
            testId: 'totals-value',
          },
          { label: t('position.cost'), value: formatTry(totals.cost, locale) },
          {
            label: t('position.unrealized'),
            value: formatMoney(pnl, locale, { currency: 'TRY', signed: true }),
            testId: 'totals-pnl',
            tone: toneOf(pnl),
          },
          {
            label: t('position.realized'),
            value: formatMoney(realized, locale, { currency: 'TRY', signed: true }),
            testId: 'totals-realized',
            // Coloured like the unrealised row beside it and the income screen (a loss is red).
            tone: toneOf(realized),
          },
        ]}
      />
    </section>
  );
}

function HoldingsPanel({ tab }: { tab: PositionTab }) {
  const { t } = useTranslation('trade');
  const { accountEpoch } = useSnapshot(account);
  const data = useLiveData(`holdings|${tab}|${accountEpoch}`, () => loadHoldings(tab));
  usePrivateRefetch(ACCOUNT_CHANNELS, () => {
    loadHoldings(tab).then(
      (next) => data.update(() => next),
      () => {
        // What is shown stays until the next event or focus.
      },
    );
  });
  if (data.status === 'loading') return <ListSkeleton rows={3} />;
  if (data.status === 'error') return <ErrorState error={data.error} onRetry={data.reload} />;
  if (data.data.list.length === 0)
    return (
      <EmptyState
        title={t(`position.empty_${tab}`)}
        body={t(`position.empty_${tab}_body`)}
        action={
          tab === 'ordinary' ? (
            <ButtonLink href={paths.trade} testId="position-go-trade">
              {t('orders.go_trade')}
            </ButtonLink>
          ) : undefined
        }
      />
    );
  return (
    <>
      <Totals holdings={data.data.list} realized={data.data.totals.realizedPnl} />
      <ul className="trade-list" data-testid={`holdings-${tab}`}>
        {data.data.list.map((holding) => (
          <HoldingRow key={holding.symbol} holding={holding} />
        ))}
      </ul>
    </>
  );
}

/** /pages/tabbar/position: stock holdings by kind, valued live from the worker's prices. */
export default function PositionScreen() {
  const { t } = useTranslation('trade');
  const index = useSnapshot(ui).positionTab;
  const tab = TABS[index] ?? 'ordinary';
  const session = useBistSession();
  return (
    <Screen className="position-screen">
      {/* A tab-level screen: the tab bar leads away, so no back arrow. */}
      <Navbar
        title={t('position.title')}
        back={false}
        right={<FeedBadge testId="position-feed" session={session} bist />}
      />
      <Tabs
        label={t('position.tabs')}
        idPrefix="position"
        options={TABS.map((value) => ({
          value,
          label: t(`position.${value}`),
          testId: `position-tab-${value}`,
        }))}
        selected={tab}
        onSelect={(value) => setPositionTab(TABS.indexOf(value))}
      />
      <TabPanel className="screen__body" idPrefix="position" selected={tab}>
        {/* Option positions have their own screen: the tab leads there. */}
        {tab === 'option' ? <OptionPositionsEntry /> : <HoldingsPanel key={tab} tab={tab} />}
      </TabPanel>
    </Screen>
  );
}

import '../../components/trade/texts';
import '../../styles/trade.css';
import { useState, type PointerEvent } from 'react';
import { useTranslation } from '../../i18n/hook';
import { ListSkeleton } from '../../components/content/state-views';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { TabPanel, Tabs } from '../../components/tabs';
import { readStored, writeStored, type TradeType } from '../../state/persisted';
import { openingTicket, ticketFor } from '../../state/trade-ticket';
import { LazyPanel } from '../../components/chunks/panel-chunk-error';
import { lazyWithRetry } from '../../components/chunks/lazy-with-retry';
import { loadContractPanel, loadSpotPanel } from '../../routes/screen-chunks';
import { useSymbol } from './use-query';

// Each side of the switch is a chunk of its own, loaded when its side opens: the coin tickets
// belong to the contract area (DECISIONS §3) and come through src/routes/screen-chunks.ts as the
// route table's do; the stock ticket is this area's, but most open the tab on spot, so its code
// is not what their first paint should wait for.
// A panel whose chunk fails to load (the broker down as the user switches) shows its error in the
// panel's place, under the switch, and loads by itself once it can.
const PANELS = {
  stock: lazyWithRetry(() => import('./stock-side')),
  coin: lazyWithRetry(loadSpotPanel),
  contract: lazyWithRetry(loadContractPanel),
} as const;

const TYPES: readonly TradeType[] = ['stock', 'coin', 'contract'];
const SWITCH_KEY = {
  stock: 'switch_stock',
  coin: 'switch_spot',
  contract: 'switch_contract',
} as const;

/**
 * The route's loader waits for this too (ScreenModule.ready): the ticket the tab opens on (its
 * ?symbol= or the stored choice; the default is spot) shows with the screen. Loaded only when the
 * screen rendered, its request started ~50 ms after the tap and the panel showed a skeleton under
 * the switch for ~300 ms before the ticket. The route table asks for its chunk along
 * with the screen's (src/routes/table.ts), so this only waits for it.
 */
export function ready(): Promise<unknown> {
  return PANELS[openingTicket(location.search)].preload();
}

function warmSide(event: PointerEvent<HTMLDivElement>) {
  const option =
    event.target instanceof Element ? event.target.closest('[data-testid^="trade-switch-"]') : null;
  const kind = option?.getAttribute('data-testid')?.slice('trade-switch-'.length);
  if (kind === 'stock' || kind === 'coin' || kind === 'contract') void PANELS[kind].preload();
}

/**
 * /pages/tabbar/trade (DECISIONS §3): the order tickets behind a stock | spot | contract switch,
 * opening on the stored systemTradeType; instrument screens write it and pass ?symbol=&side=.
 */
export default function TradeScreen() {
  const { t } = useTranslation('trade');
  const symbol = useSymbol();
  const [kind, setKind] = useState<TradeType>(() => ticketFor(symbol, readStored('systemTradeType')));
  // A link to another symbol while the tab is open (wouter keeps the screen mounted) moves the switch too.
  const [seenSymbol, setSeenSymbol] = useState(symbol);
  if (seenSymbol !== symbol) {
    setSeenSymbol(symbol);
    setKind(ticketFor(symbol, kind));
  }
  const choose = (next: TradeType) => {
    writeStored('systemTradeType', next);
    setKind(next);
  };
  return (
    <Screen className="trade-screen">
      <Navbar title={t('title')} back={false} />
      {/* The side a finger lands on starts loading then, not at the click that follows. */}
      <div className="trade-switch" onPointerDown={warmSide}>
        <Tabs
          label={t('switch_label')}
          idPrefix="trade-type"
          options={TYPES.map((value) => ({
            value,
            label: t(SWITCH_KEY[value]),
            testId: `trade-switch-${value}`,
          }))}
          selected={kind}
          onSelect={choose}
        />
      </div>
      <TabPanel className="screen__body" idPrefix="trade-type" selected={kind}>
        <LazyPanel key={kind} panel={PANELS[kind]} fallback={<ListSkeleton rows={5} />} />
      </TabPanel>
    </Screen>
  );
}

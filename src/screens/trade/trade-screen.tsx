import '../../components/trade/texts';
import '../../styles/trade.css';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { ORDER_SIDES, type OrderSide } from '../../../domain/protocol/trading';
import { ListSkeleton } from '../../components/content/state-views';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { Tabs, tabId, tabPanelId } from '../../components/tabs';
import { readStored, writeStored, type TradeType } from '../../state/persisted';
import { openingTicket, ticketFor } from '../../state/trade-ticket';
import { LazyPanel } from '../../components/chunks/panel-chunk-error';
import { lazyWithRetry } from '../../components/chunks/lazy-with-retry';
import { loadAiScreens, loadContractPanel, loadSpotPanel } from '../../routes/screen-chunks';
import { LoadedSlot } from '../../components/chunks/loaded-slot';
import { useQueryParam, useSymbol } from './use-query';
import { StockPanel } from './stock-panel';

// The coin tickets belong to the contract area but live behind this tab's switch (DECISIONS §3):
// like the route table, the frame only loads their chunks (src/routes/screen-chunks.ts), when their side of the switch opens.
// A panel whose chunk fails to load (the broker down as the user switches) shows its error in the
// panel's place, under the switch, and loads by itself once it can.
const spotPanel = lazyWithRetry(loadSpotPanel);
const contractPanel = lazyWithRetry(loadContractPanel);
// AI stock products: a row under the stock ticket, from the AI screens' chunk, shown as
// it arrives (an optional LoadedSlot, not a Suspense fallback React holds back 300 ms). A chunk
// that fails to load leaves the row out rather than taking the ticket with it.
const aiEntry = lazyWithRetry(() =>
  loadAiScreens().then((m) => ({ default: () => <m.AiEntry testId="trade-ai" /> })),
);

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
  const kind = openingTicket(location.search);
  if (kind === 'coin') return spotPanel.preload();
  if (kind === 'contract') return contractPanel.preload();
  return Promise.resolve();
}

function sideOf(value: string | null): OrderSide {
  return (ORDER_SIDES as readonly string[]).includes(value ?? '') ? (value as OrderSide) : 'buy';
}

/**
 * /pages/tabbar/trade (DECISIONS §3): the order tickets behind a stock | spot | contract switch,
 * opening on the stored systemTradeType; instrument screens write it and pass ?symbol=&side=.
 */
export default function TradeScreen() {
  const { t } = useTranslation('trade');
  const symbol = useSymbol();
  const side = sideOf(useQueryParam('side'));
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
      <div
        className="screen__body"
        role="tabpanel"
        id={tabPanelId('trade-type')}
        aria-labelledby={tabId('trade-type', kind)}
      >
        {kind === 'stock' ? (
          <>
            <StockPanel symbol={symbol} side={side} />
            {/* AI stock products */}
            <LoadedSlot screen={aiEntry} pending={null} optional />
          </>
        ) : (
          <LazyPanel
            key={kind}
            panel={kind === 'coin' ? spotPanel : contractPanel}
            fallback={<ListSkeleton rows={5} />}
          />
        )}
      </div>
    </Screen>
  );
}

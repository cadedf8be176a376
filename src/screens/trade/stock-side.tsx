import { ORDER_SIDES, type OrderSide } from '../../../domain/protocol/trading';
import { lazyWithRetry } from '../../components/chunks/lazy-with-retry';
import { LoadedSlot } from '../../components/chunks/loaded-slot';
import { loadAiEntry } from '../../routes/screen-chunks';
import { StockPanel } from './stock-panel';
import { useQueryParam, useSymbol } from './use-query';

// AI stock products: a row under the stock ticket, from its own small chunk, shown as
// it arrives (an optional LoadedSlot, not a Suspense fallback React holds back 300 ms). A chunk
// that fails to load leaves the row out rather than taking the ticket with it.
const aiEntry = lazyWithRetry(() =>
  loadAiEntry().then((m) => ({ default: () => <m.AiEntry testId="trade-ai" /> })),
);

function sideOf(value: string | null): OrderSide {
  return (ORDER_SIDES as readonly string[]).includes(value ?? '') ? (value as OrderSide) : 'buy';
}

/**
 * The stock side of the Trade tab's switch, a chunk of its own as the coin tickets are: the tab
 * opens on spot for most, and the stock ticket's code (its orders list, the BIST session, the
 * symbol picker) was a second wave of requests the spot ticket's first paint waited behind.
 */
export default function StockSide() {
  const symbol = useSymbol();
  const side = sideOf(useQueryParam('side'));
  return (
    <>
      <StockPanel symbol={symbol} side={side} />
      <LoadedSlot screen={aiEntry} pending={null} optional />
    </>
  );
}

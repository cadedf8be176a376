import { openingQuery } from '../../api/early';
import { getStockInfo, prefetchStockInfo } from '../../api/instrument';
import { usePollInterval } from '../../market/client';
import { INSTRUMENT_POLL_MS } from './poll-interval';
import { useLiveData } from '../../components/content/use-live-data';
import { StarButton } from '../../components/market/star-button';
import { InstrumentFrame } from './instrument-frame';
import { KlineBody } from './kline-body';
import { StockTradeBar } from './trade-bar';
import { InstrumentChooser } from './instrument-chooser';
import { useSymbol } from './use-symbol';
import { paths } from '../../paths/paths';

// Opened on a stock, its facts and first price are asked for as this chunk loads (src/api/early.ts).
const opening = openingQuery(paths.stockKline)?.get('symbol')?.trim().toUpperCase();
if (opening) prefetchStockInfo(opening);

/** /pages/stock/stockKline?symbol=THYAO: a stock's or an index's candle chart with indicators. */
export default function StockKlineScreen() {
  const symbol = useSymbol();
  return symbol === '' ? (
    <InstrumentChooser kind="stock" target={paths.stockKline} />
  ) : (
    <StockKlineView symbol={symbol} />
  );
}

function StockKlineView({ symbol }: { symbol: string }) {
  const load = useLiveData(`stock-info|${symbol}`, () => getStockInfo(symbol));
  usePollInterval(INSTRUMENT_POLL_MS);
  return (
    <InstrumentFrame
      title={symbol || '--'}
      chooser={{ kind: 'stock', target: paths.stockKline }}
      load={load}
      actions={<StarButton market={load.data?.market ?? 'stock'} symbol={symbol} />}
      // Out of session the badge says the market is closed, as on the stock screen, not "Live".
      session={(info) => info.status}
      footer={(info) => (info.market === 'stock' ? <StockTradeBar info={info} /> : null)}
    >
      {(info) => (
        <KlineBody
          market={info.market}
          symbol={info.symbol}
          scale={info.priceScale}
          fallback={{ last: info.price, change: info.change, pct: info.changePct }}
        />
      )}
    </InstrumentFrame>
  );
}

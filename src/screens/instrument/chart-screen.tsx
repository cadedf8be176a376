import '../../i18n/chart';
import { Link } from 'wouter';
import { getStockInfo } from '../../api/instrument';
import { getCoinOverview } from './coin-overview';
import { useLiveData } from '../../components/content/use-live-data';
import { useTranslation } from '../../i18n/hook';
import { TRADER_CHART_PATH } from './chart-path';
import { InstrumentChooser } from './instrument-chooser';
import { InstrumentFrame } from './instrument-frame';
import { TraderChart } from './trader-chart';
import { useQueryParam, useSymbol } from './use-symbol';
import { instrumentHref } from '../../paths/shell-paths';

const COIN_CHOOSER = `${TRADER_CHART_PATH}?market=coin`;

/**
 * /pages/stock/chart?symbol=THYAO (or ?symbol=BTCUSDT&market=coin): the trader's full-screen
 * chart. Without a symbol, a chooser of stocks, or of coins with `market=coin`.
 */
export default function ChartScreen() {
  const symbol = useSymbol();
  const coin = useQueryParam('market') === 'coin';
  if (symbol === '') return <ChartChooser coin={coin} />;
  return coin ? <CoinChart symbol={symbol} /> : <StockChart symbol={symbol} />;
}

function ChartChooser({ coin }: { coin: boolean }) {
  const { t } = useTranslation('chart');
  return (
    <>
      <InstrumentChooser kind={coin ? 'coin' : 'stock'} target={coin ? COIN_CHOOSER : TRADER_CHART_PATH} />
      <Link
        className="chart-chooser-switch kline-chip kline-chip--on"
        href={coin ? TRADER_CHART_PATH : COIN_CHOOSER}
        data-testid="chart-chooser-switch"
      >
        {t(coin ? 'stocks' : 'coins')}
      </Link>
    </>
  );
}

function StockChart({ symbol }: { symbol: string }) {
  const load = useLiveData(`stock-info|${symbol}`, () => getStockInfo(symbol));
  if (load.status === 'ready') {
    const info = load.data;
    return (
      <TraderChart
        market={info.market}
        symbol={info.symbol}
        scale={info.priceScale}
        fallbackLast={info.price}
        parent={instrumentHref('stock', info.symbol)}
        book={info.market === 'stock'}
      />
    );
  }
  return (
    <InstrumentFrame title={symbol} chooser={{ kind: 'stock', target: TRADER_CHART_PATH }} load={load}>
      {() => null}
    </InstrumentFrame>
  );
}

function CoinChart({ symbol }: { symbol: string }) {
  const load = useLiveData(`coin-overview|${symbol}`, () => getCoinOverview(symbol));
  if (load.status === 'ready') {
    const { info, ticker } = load.data;
    return (
      <TraderChart
        market="coin"
        symbol={info.symbol}
        scale={info.priceScale}
        fallbackLast={ticker.price}
        parent={instrumentHref('coin', info.symbol)}
        book
      />
    );
  }
  return (
    <InstrumentFrame title={symbol} chooser={{ kind: 'coin', target: COIN_CHOOSER }} load={load}>
      {() => null}
    </InstrumentFrame>
  );
}

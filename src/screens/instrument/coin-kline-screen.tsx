import { getCoinOverview } from './coin-overview';
import { useLiveData } from '../../components/content/use-live-data';
import { StarButton } from '../../components/market/star-button';
import { InstrumentFrame } from './instrument-frame';
import { KlineBody } from './kline-body';
import { CoinTradeBar } from './trade-bar';
import { InstrumentChooser } from './instrument-chooser';
import { useSymbol } from './use-symbol';
import { paths } from '../../paths/paths';

/** /pages/coin/coinKline?symbol=BTCUSDT: a pair's candle chart with indicators. */
export default function CoinKlineScreen() {
  const symbol = useSymbol();
  return symbol === '' ? (
    <InstrumentChooser kind="coin" target={paths.coinKline} />
  ) : (
    <CoinKlineView symbol={symbol} />
  );
}

function CoinKlineView({ symbol }: { symbol: string }) {
  const load = useLiveData(`coin-overview|${symbol}`, () => getCoinOverview(symbol));
  return (
    <InstrumentFrame
      title={symbol || '--'}
      chooser={{ kind: 'coin', target: paths.coinKline }}
      load={load}
      actions={<StarButton market="coin" symbol={symbol} />}
      footer={({ info }) => <CoinTradeBar info={info} />}
    >
      {({ info, ticker }) => (
        <KlineBody
          market="coin"
          symbol={info.symbol}
          scale={info.priceScale}
          fallback={{ last: ticker.price, change: ticker.change, pct: ticker.changePct }}
        />
      )}
    </InstrumentFrame>
  );
}

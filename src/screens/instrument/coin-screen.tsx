import { getCoinOverview, type CoinOverview } from './coin-overview';
import { useLiveData } from '../../components/content/use-live-data';
import { DepthTabs } from '../../components/depth/depth-tabs';
import { useTopic } from '../../market/client';
import { CoinStats } from './coin-stats';
import { StarButton } from '../../components/market/star-button';
import { InstrumentFrame } from './instrument-frame';
import { KlineLink } from './kline-link';
import { QuoteHeader } from './quote-header';
import { CoinTradeBar } from './trade-bar';
import { InstrumentChooser } from './instrument-chooser';
import { useSymbol } from './use-symbol';
import { klineHref, paths } from '../../paths/paths';

/** /pages/coin/index?symbol=BTCUSDT: a pair's live price, 24 h figures, mark price, book and trades. */
export default function CoinScreen() {
  const symbol = useSymbol();
  return symbol === '' ? <InstrumentChooser kind="coin" target={paths.coin} /> : <CoinView symbol={symbol} />;
}

function CoinView({ symbol }: { symbol: string }) {
  const load = useLiveData(`coin-overview|${symbol}`, () => getCoinOverview(symbol));
  const ready = load.status === 'ready';
  useTopic(ready ? { kind: 'ticker', market: 'coin', symbol } : null);
  useTopic(ready ? { kind: 'mark', market: 'coin', symbol } : null);
  useTopic(ready ? { kind: 'book', market: 'coin', symbol } : null);
  useTopic(ready ? { kind: 'trades', market: 'coin', symbol } : null);

  return (
    <InstrumentFrame
      title={symbol || '--'}
      chooser={{ kind: 'coin', target: paths.coin }}
      load={load}
      actions={<StarButton market={'coin'} symbol={symbol} />}
      footer={(data) => <CoinTradeBar info={data.info} />}
    >
      {(data) => <CoinBody overview={data} />}
    </InstrumentFrame>
  );
}

function CoinBody({ overview: { info, ticker } }: { overview: CoinOverview }) {
  return (
    <>
      <div className="instrument-head">
        <p className="instrument-head__name" data-testid="instrument-name">
          {info.name} · {info.base}/{info.quote}
        </p>
      </div>
      <QuoteHeader
        symbol={info.symbol}
        scale={info.priceScale}
        fallback={{ last: ticker.price, change: ticker.change, pct: ticker.changePct }}
      />
      <CoinStats info={info} ticker={ticker} />
      <KlineLink href={klineHref('coin', info.symbol)} />
      <DepthTabs market="coin" symbol={info.symbol} priceScale={info.priceScale} qtyScale={info.qtyScale} />
    </>
  );
}

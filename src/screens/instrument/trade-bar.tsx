import '../../i18n/instrument';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { CoinInfo, StockInfo } from '../../../domain/protocol/market';
import { coinPairRefusal, isListed } from '../../../domain/rules/tradable';
import { useTranslation } from '../../i18n/hook';
import { navigate } from '../../paths/navigation';
import { writeStored } from '../../state/persisted';
import { prefs } from '../../state/prefs';
import { paths } from '../../paths/paths';
import { ButtonLink } from '../../components/button';

export const TRADE_PATH = paths.trade;

/**
 * Buy and Sell, always in thumb reach (DESIGN.md: a sticky bottom bar on instrument screens).
 * The trade tab opens on the ticket for this market; the symbol and side ride in the query.
 */
export function TradeBar({ kind, symbol }: { kind: 'stock' | 'coin'; symbol: string }) {
  const { t } = useTranslation('instrument');
  const go = (side: 'buy' | 'sell') => {
    writeStored('systemTradeType', kind);
    navigate(`${TRADE_PATH}?symbol=${encodeURIComponent(symbol)}&side=${side}`);
  };
  return (
    <div className="trade-bar">
      <button
        type="button"
        className="trade-bar__button trade-bar__button--buy"
        data-testid="buy-button"
        onClick={() => go('buy')}
      >
        {t('action.buy')}
      </button>
      <button
        type="button"
        className="trade-bar__button trade-bar__button--sell"
        data-testid="sell-button"
        onClick={() => go('sell')}
      >
        {t('action.sell')}
      </button>
    </div>
  );
}

/** Whether an IPO's stock trades yet, as of the screen's opening (it gets its buttons on the next visit). */
export function useListed(listingAt: number | undefined): boolean {
  const [now] = useState(Date.now);
  return isListed(listingAt, now);
}

/** Until a sale's stock or token lists, the date it opens where the buttons would be. */
function OpensBar({ listingAt }: { listingAt: number }) {
  const { t } = useTranslation('instrument');
  const { lang } = useSnapshot(prefs);
  return (
    <div className="trade-bar trade-bar--closed" data-testid="trade-bar-closed">
      <p role="status">{t('trade_bar.opens', { date: formatDateTime(listingAt, lang) })}</p>
    </div>
  );
}

/** A stock's bar: Buy and Sell, or for an IPO's stock before its listing date, when it opens. */
export function StockTradeBar({ info }: { info: StockInfo }) {
  const listed = useListed(info.listingAt);
  if (listed || info.listingAt === undefined) return <TradeBar kind="stock" symbol={info.symbol} />;
  return <OpensBar listingAt={info.listingAt} />;
}

/**
 * A coin pair's bar: Buy and Sell when the pair takes orders (domain/rules/tradable, the broker's
 * and the tickets' rule), else why not where the buttons would be: a coin sale's token before its
 * listing date (with the date), or USDT/TRY, a rate changed on the exchange screen.
 */
export function CoinTradeBar({ info }: { info: CoinInfo }) {
  const { t } = useTranslation('instrument');
  // A token listing while the screen is open gets its buttons on the next visit.
  const [now] = useState(Date.now);
  const refusal = coinPairRefusal(info, now);
  if (refusal === null) return <TradeBar kind="coin" symbol={info.symbol} />;
  if (refusal === 'not_listed' && typeof info.listingAt === 'number')
    return <OpensBar listingAt={info.listingAt} />;
  return (
    <div className="trade-bar trade-bar--closed" data-testid="trade-bar-closed">
      <p role="status">{t('trade_bar.rate')}</p>
      <ButtonLink href={paths.exchangeStock} look="secondary" testId="trade-bar-exchange">
        {t('trade_bar.exchange')}
      </ButtonLink>
    </div>
  );
}

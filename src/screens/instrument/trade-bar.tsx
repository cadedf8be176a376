import '../../i18n-instrument';
import { useTranslation } from '../../i18n-hook';
import { navigate } from '../../routes/navigation';
import { writeStored } from '../../state/persisted';

export const TRADE_PATH = '/pages/tabbar/trade';

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

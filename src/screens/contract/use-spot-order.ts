import type { Locale } from '../../../domain/format/locale';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { OrderSide, OrderType } from '../../../domain/protocol/trading';
import { coinRuleUnits } from '../../../domain/rules/units';
import { useTranslation } from '../../i18n/hook';
import type { SpotState } from './spot-ticket-logic';
import type { CoinAssets } from './spot-first-calls';
import type { CoinPair } from './use-coin-pair';
import type { SpotRules } from './use-spot-rules';
import { unreadSpotSize, type SpotSize } from './use-spot-size';

/** What the spot order is read from: the pair, the wallet, the side and type, what is typed. */
export type SpotOrderInput = {
  info: CoinInfo;
  pair: CoinPair;
  assets: CoinAssets;
  side: OrderSide;
  type: OrderType;
  size: SpotSize;
  /** The ticket's rules (./spot-rules.ts), null until they have loaded. */
  rules: SpotRules | null;
};

/** Before the ticket's rules are in: nothing estimated, nothing to send. */
const UNREAD: SpotState = { preview: null, error: null, request: null };

/** The spot order as typed, read against the wallet and the book: its figures, request and first broken rule. */
export function useSpotOrder({ info, pair, assets, side, type, size, rules }: SpotOrderInput, lang: Locale) {
  const { t } = useTranslation('contract');
  const usdt = assets.coin.find((row) => row.currency === info.quote)?.available ?? '0';
  const base = assets.coin.find((row) => row.currency === info.base)?.available ?? '0';
  const settings = assets.spot ?? null;
  // Nothing typed, nothing to estimate: the book and the last trade are read (and each of their
  // patches re-renders the form) only once a figure is.
  const typed = [size.qty, size.price, size.budget].some((field) => field.value !== '');
  const book = typed ? pair.book : undefined;
  // Before its rules have loaded the ticket computes nothing (its first paint has nothing typed).
  const read = rules
    ? rules.readSpotSize(size, info, { side, type }, settings, book, lang)
    : unreadSpotSize(size, { side, type });
  const draft = { side, type, quantity: read.quantity, price: read.price };
  const state = rules
    ? rules.evaluateSpot(draft, {
        info,
        last: typed ? pair.last : null,
        book,
        settings,
        quoteAvailable: usdt,
        baseAvailable: base,
        locale: lang,
      })
    : UNREAD;
  const stale = pair.feed !== 'live' && type === 'market';
  // Figures in the user's format and with their unit (the broker says the same): "en az 5 USDT".
  // A field is named by the label its rule gives it (spot-ticket-logic: "Miktar", not the stock
  // ticket's "Miktar (adet)").
  const message =
    rules && state.error
      ? t(state.error.key, {
          ns: 'errors',
          ...rules.localizeParams(state.error.params, lang, coinRuleUnits(info.base, info.quote)),
        })
      : '';
  return { usdt, base, settings, read, draft, state, stale, message };
}

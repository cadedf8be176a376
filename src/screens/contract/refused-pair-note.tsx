import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { CoinInfo } from '../../../domain/protocol/market';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';
import type { RefusedPair } from './use-coin-pair';

/**
 * Why the ticket shows another pair than the link asked for: a coin sale's token before its
 * listing date (with that date), a pair that takes no orders here at all (USDT/TRY), or one the
 * broker does not list (a typo, a stale link).
 */
export function RefusedPairNote({
  refused,
  shown,
  testId,
}: {
  refused: RefusedPair;
  shown: CoinInfo;
  testId: string;
}) {
  const { t } = useTranslation('trade');
  const { lang } = useSnapshot(prefs);
  const shownPair = `${shown.base}/${shown.quote}`;
  let text: string;
  if (refused.reason === 'unknown')
    text = t('coin_pair.unknown', { symbol: refused.symbol, shown: shownPair });
  else {
    const { info, reason } = refused;
    const texts = { pair: `${info.base}/${info.quote}`, shown: shownPair };
    text =
      reason === 'not_listed' && info.listingAt !== undefined
        ? t('coin_pair.not_listed', { ...texts, date: formatDateTime(info.listingAt, lang) })
        : t('coin_pair.not_traded', texts);
  }
  return (
    <p className="ticket__notice" role="status" data-testid={testId}>
      {text}
    </p>
  );
}

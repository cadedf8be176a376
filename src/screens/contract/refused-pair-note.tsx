import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { CoinInfo } from '../../../domain/protocol/market';
import { useTranslation } from '../../i18n-hook';
import { prefs } from '../../state/prefs';
import type { RefusedPair } from './use-coin-pair';

/**
 * Why the ticket shows another pair than the link asked for: a coin sale's token before its
 * listing date (with that date), or a pair that takes no orders here at all (USDT/TRY).
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
  const { info, reason } = refused;
  const texts = { pair: `${info.base}/${info.quote}`, shown: `${shown.base}/${shown.quote}` };
  return (
    <p className="ticket__reason" role="status" data-testid={testId}>
      {reason === 'not_listed' && info.listingAt !== undefined
        ? t('coin_pair.not_listed', { ...texts, date: formatDateTime(info.listingAt, lang) })
        : t('coin_pair.not_traded', texts)}
    </p>
  );
}

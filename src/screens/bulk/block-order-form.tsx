import Decimal from 'decimal.js';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { checkBlockOrder, lockupEnd } from '../../../domain/ipo/block';
import type { BlockDetail, BlockOrder } from '../../../domain/protocol/bulk';
import { bulkEndpoints } from '../../../domain/protocol/endpoints/bulk';
import { call } from '../../api/call';
import { LotsOrderForm, lotsOrderTexts } from '../../components/trade/lots-order-form';
import { formatLots } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { blockErrorText, blockSummary, contextOfBlock, termsOfBlock } from './block-terms';
import { serverNow } from '../../api/server-clock';
import { formatTry } from '../../../domain/format/number';

/**
 * The purchase form (src/components/trade/lots-order-form): price, total with costs and the
 * lock-up end before the trade password, with domain/ipo/block's checks. The price shown is sent
 * along, so the server refuses (BLOCK_PRICE_CHANGED) rather than charging one the user never saw.
 */
export function BlockOrderForm({
  block,
  available,
  onDone,
  onRefused,
  isVip,
}: {
  isVip: boolean;
  block: BlockDetail;
  available: string;
  onDone: (order: BlockOrder) => void;
  onRefused: () => void;
}) {
  const { t } = useTranslation('bulk');
  const { lang } = useSnapshot(prefs);
  const unlockAt = lockupEnd(serverNow(), block.lockupDays);
  const warning = t('order.lockup_warning', { date: formatDateTime(unlockAt, lang) });
  return (
    <LotsOrderForm
      noCash={!new Decimal(available).gt(0)}
      texts={{
        ...lotsOrderTexts(t, formatTry(available, lang)),
        hint: t('order.lots_hint', {
          min: formatLots(block.minLots, lang),
          max: formatLots(block.maxLots, lang),
          shares: formatLots(block.lotSize, lang),
        }),
      }}
      summary={(lots) => blockSummary(block, lots, unlockAt, t, lang)}
      check={(lotsText) => {
        const refusal = checkBlockOrder(
          lotsText,
          termsOfBlock(block),
          contextOfBlock(block, available, serverNow(), isVip),
        );
        return refusal ? blockErrorText(refusal, t, lang) : null;
      }}
      // The intent is the block and its lots, not its price: the price follows the previous
      // close, so a retry after a lost answer across a new session sent a new id and bought
      // twice. Under the same id the broker answers the first purchase, or refuses the other
      // price (REQUEST_ID_REUSED, "check your records"), which ends the intent.
      intent={{ form: 'block-order', values: (lots) => ({ id: block.id, lots: lots.toString() }) }}
      send={(lots, tradePassword, requestId) =>
        call(
          bulkEndpoints.apply,
          { id: block.id, lots: lots.toString(), price: block.price ?? '', tradePassword, requestId },
          { silent: true },
        )
      }
      onDone={onDone}
      onRefused={onRefused}
      note={
        <p className="bulk-warning" role="note" data-testid="order-lockup-warning">
          {warning}
        </p>
      }
    />
  );
}

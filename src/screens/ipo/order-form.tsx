import Decimal from 'decimal.js';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { checkIpoApply, ipoLotLimits } from '../../../domain/ipo/apply';
import type { IpoApplication, IpoDetail } from '../../../domain/protocol/ipo';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { LotsOrderForm, lotsOrderTexts } from '../../components/trade/lots-order-form';
import { formatLots } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { termsOf } from './ipo-figures';
import { ipoErrorText } from './lots-input';
import { orderSummary } from './order-summary';
import { serverNow } from '../../api/server-clock';
import { formatTry } from '../../../domain/format/number';

/**
 * The application form (src/components/trade/lots-order-form): the summary of
 * ./order-summary and the same checks as the server (domain/ipo/apply).
 */
export function OrderForm({
  ipo,
  available,
  onApplied,
  onRefused,
}: {
  ipo: IpoDetail;
  /** The stock account's free TRY. */
  available: string;
  onApplied: (application: IpoApplication) => void;
  /** The IPO may have changed (closed, already applied): re-read it. */
  onRefused: () => void;
}) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  // The server's limits (domain/ipo/apply): a lottery's are whole tickets.
  const limits = ipoLotLimits(ipo);
  const hint = {
    min: formatLots(limits.minLots.toString(), lang),
    max: formatLots(limits.maxLots.toString(), lang),
    shares: formatLots(ipo.lotSize, lang),
  };
  return (
    <LotsOrderForm
      noCash={!new Decimal(available).gt(0)}
      texts={{
        ...lotsOrderTexts(t, formatTry(available, lang)),
        hint:
          limits.multipleOf === undefined
            ? t('order.lots_hint', hint)
            : t('order.lots_hint_multiple', {
                ...hint,
                ticket: formatLots(limits.multipleOf.toString(), lang),
              }),
      }}
      summary={(lots) => orderSummary(ipo, lots, t, lang)}
      check={(lotsText) => {
        const refusal = checkIpoApply(lotsText, {
          t: serverNow(),
          window: ipo,
          mode: ipo.paymentMode,
          terms: termsOf(ipo),
          limits,
          alreadyApplied: ipo.applied === true,
          available,
        });
        return refusal ? ipoErrorText(refusal, t, lang) : null;
      }}
      send={(lots, tradePassword) =>
        call(ipoEndpoints.apply, { id: ipo.id, lots: lots.toString(), tradePassword }, { silent: true })
      }
      onDone={onApplied}
      onRefused={onRefused}
    />
  );
}

import Decimal from 'decimal.js';
import { ensure } from '../../../domain/assert';
import type { ModifyFields, OrderLine } from '../../../domain/chart/order-lines';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatPercent, formatPrice } from '../../../domain/format/number';
import type { Market } from '../../../domain/market/instrument';
import { coinOrderEndpoints } from '../../../domain/protocol/endpoints/coin-orders';
import {
  coinConditionalEndpoints,
  stockConditionalEndpoints,
} from '../../../domain/protocol/endpoints/conditional';
import { stockOrderEndpoints } from '../../../domain/protocol/endpoints/stock-orders';
import { call } from '../../api/call';
import { isPasswordRefusal, useMoneyAction } from '../../components/form/use-money-action';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import type { FigureRow } from '../../components/trade/figure-rows';
import { useTranslation } from '../../i18n/hook';
import { showToast } from '../../services/toast';
import { account } from '../../state/account';
import { market as marketState } from '../../state/market';
import { prefs } from '../../state/prefs';

/** A line dropped at a new price, waiting for the user's confirmation. */
export type Move = { line: OrderLine; price: string; fields: ModifyFields };

type Props = {
  move: Move;
  market: Market;
  symbol: string;
  scale: number;
  /** The sheet is done: `moved` when the broker changed the order. */
  onClose: (moved: boolean) => void;
};

/** The modify call of a dropped line: a spot order's, or a conditional leg's, of its wallet. */
async function sendMove({ line, fields }: Move, tradePassword: string | undefined, requestId: string) {
  const target = ensure(line.target, 'a dropped line is a draggable one');
  const input = { ...fields, tradePassword, requestId };
  const stock = target.wallet === 'stock';
  const silent = { silent: true };
  if (target.type === 'order')
    await call(stock ? stockOrderEndpoints.modify : coinOrderEndpoints.modify, input, silent);
  else await call(stock ? stockConditionalEndpoints.modify : coinConditionalEndpoints.modify, input, silent);
}

/** Whether a limit order at `price` would meet the market now (a buy at or above it, a sell at or below). */
function crosses(move: Move, last: string | undefined): boolean {
  if (move.line.kind !== 'limit' || !last) return false;
  const diff = new Decimal(move.price).comparedTo(last);
  return move.line.side === 'buy' ? diff >= 0 : diff <= 0;
}

/**
 * The confirm of a dragged order line: the order, its level now and the new one (a trailing
 * stop's new distance too), what a new price means (it may fill at once; it queues behind), and
 * the trade password when the user confirms orders with it, as the ticket asks. A refusal puts
 * the line back and says why.
 */
export function OrderMoveSheet({ move, market, symbol, scale, onClose }: Props) {
  const { t } = useTranslation('chart');
  const { lang } = useSnapshot(prefs);
  const { profile } = useSnapshot(account);
  const action = useMoneyAction({ form: `order-move:${market}`, passwordSheet: true });
  // The price when the sheet opened: the sheet does not re-render on every tick.
  const [last] = useState(() => marketState.tickers[symbol]?.last);
  const { line, price, fields } = move;
  const price$ = (value: string) => formatPrice(value, lang, scale);
  const kind = t(`orders.kind.${line.kind}`);
  const rows: FigureRow[] = [
    { label: t('orders.level_now'), value: price$(line.price), testId: 'order-move-from' },
    { label: t('orders.level_new'), value: price$(price), testId: 'order-move-to' },
  ];
  if (fields.trailValue !== undefined && line.target?.type === 'conditional' && line.target.trail)
    rows.push({
      label: t('orders.trail_new'),
      value:
        line.target.trail.by === 'percent'
          ? formatPercent(fields.trailValue, lang, { signed: false })
          : price$(fields.trailValue),
    });
  const notes = [
    ...(crosses(move, last) ? [t('orders.crosses')] : []),
    ...(line.kind === 'limit' ? [t('orders.queue')] : []),
  ];

  const confirm = async (tradePassword: string | undefined) => {
    const outcome = await action.run((requestId) => sendMove(move, tradePassword, requestId), {
      key: line.key,
      price,
    });
    if (outcome.status === 'done') {
      showToast(t('orders.moved', { price: price$(price) }));
      onClose(true);
    } else if (outcome.status === 'refused' && !isPasswordRefusal(outcome.error)) {
      // The line goes back to where the order is, with the broker's reason.
      showToast(outcome.text, 4000);
      onClose(false);
    }
  };

  return (
    <ConfirmSheet
      title={t('orders.move_title')}
      lead={
        <p className="sheet__lead">
          {t('orders.move_lead', {
            kind,
            side: line.side ? t(`orders.side.${line.side}`) : '',
            qty: line.quantity ?? '',
            symbol,
          })}
        </p>
      }
      rows={rows}
      costs={notes.map((note) => (
        <p key={note} className="sheet__note">
          {note}
        </p>
      ))}
      needPassword={profile?.confirmOrdersWithTradePassword === true || action.askPassword}
      tone={line.side === 'sell' ? 'sell' : 'buy'}
      confirmLabel={t('orders.confirm')}
      busy={action.busy}
      error={action.error}
      onConfirm={(pin) => void confirm(pin)}
      onCancel={() => onClose(false)}
      testId="order-move"
    />
  );
}

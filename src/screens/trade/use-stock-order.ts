import Decimal from 'decimal.js';
import { useMemo, useState } from 'react';
import type { StockInfo } from '../../../domain/protocol/market';
import type { HoldInfo, OrderSide, OrderType } from '../../../domain/protocol/trading';
import { marketEstimate } from '../../../domain/market/market-estimate';
import { isListed } from '../../../domain/rules/tradable';
import { useNow } from '../../components/content/use-now';
import type { Locale } from '../../../domain/format/locale';
import {
  bandOf,
  checkTicket,
  limitBuyHold,
  marketOrderBlock,
  previewOrder,
  sessionClosed,
  startPrice,
} from './ticket-logic';
import { useStockSize } from './use-stock-size';
import type { useTicketData } from './use-ticket-data';

type Data = ReturnType<typeof useTicketData>;

/**
 * The stock order as typed, read against the account and the market: its size, price, costs,
 * and the first reason it cannot go (or null).
 */
export function useStockOrder(
  info: StockInfo,
  data: Data,
  draftKind: { side: OrderSide; type: OrderType },
  locale: Locale,
) {
  const { side, type } = draftKind;
  const band = bandOf(info);
  const size = useStockSize(info.lot, startPrice(data.last, band));
  // An IPO's stock before its listing date takes no orders (the broker answers NOT_TRADABLE).
  const [openedAt] = useState(Date.now);
  const listed = isListed(info.listingAt, openedAt);
  const hold: HoldInfo | null = data.hold.status === 'ready' ? data.hold.data : null;
  const { price, quantity, byAmount, bought, priced } = size.read(
    { side, type },
    hold?.costs,
    data.levels,
    band?.upper ?? null,
  );
  // Re-read each second while a market order is being made, so the session's opening turns it
  // on without leaving the ticket.
  const now = useNow(type === 'market');
  const block = marketOrderBlock(data.feed, data.book, sessionClosed(info.status, now));
  const estimate = marketEstimate(side, quantity, data.levels, data.last);
  // A budget's limit buy is sized at its limit (its hold) and estimated at the asks below it.
  const budgetHold =
    bought && type === 'limit' && price !== null && hold?.costs
      ? { hold: limitBuyHold(bought.quantity, price, hold.costs) }
      : {};
  const preview = bought
    ? { price: type === 'limit' ? price : estimate, ...bought, ...budgetHold }
    : previewOrder(side, type, quantity, price, estimate, hold?.costs, data.levels);
  const holding = hold?.holding ?? null;
  // Buying only: its text says deposit to buy, which is no help to a sale of shares not held.
  const noCash = hold !== null && side === 'buy' && new Decimal(hold.cashAvailable).lte(0);
  const facts = hold
    ? {
        cashAvailable: hold.cashAvailable,
        free: holding ? new Decimal(holding.sellable).plus(holding.locked).toFixed() : '0',
        locked: holding?.locked ?? '0',
      }
    : null;
  const draft = {
    side,
    type,
    quantity: quantity ?? '0',
    price: type === 'limit' ? (price ?? '') : undefined,
  };
  const ruleError = useMemo(
    () =>
      // An empty quantity is a form not filled in yet (as after an order clears it): the button
      // waits for it, and no error is shown for what the user has not typed. What cannot be a
      // number at all the fields refuse as it is typed, in the amount rule's words.
      quantity === null ? null : checkTicket(info, draft, data.last, hold?.limits, facts, preview),
    // draft, facts and preview are rebuilt each render from the values listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [info, side, type, quantity, price, data.last, hold, preview.total, preview.hold, locale],
  );
  const marketBlocked = type === 'market' && block !== null;
  return {
    band,
    size,
    listed,
    hold,
    price,
    quantity,
    byAmount,
    bought,
    priced,
    block,
    estimate,
    preview,
    noCash,
    ruleError,
    /** A figure its field refuses is said there: the rule's error waits until it is fixed. */
    shownError: size.fieldError ? null : ruleError,
    disabled:
      !listed || ruleError !== null || size.fieldError || marketBlocked || quantity === null || hold === null,
  };
}

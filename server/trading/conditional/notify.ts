import type { Locale } from '../../../domain/format/locale';
import type { ConditionalEvent, ConditionalOrder } from '../../../domain/protocol/conditional';
import type { ErrorKey } from '../../../domain/protocol/error-keys';
import { priceIn, quantityIn } from '../../content/amounts';
import type { ConditionalRow } from '../../db/schema/conditional';
import { messages, type LocalizedText } from '../../db/schema/content';
import { pushOutbox } from '../../db/schema/push-outbox';
import { translate } from '../../i18n';
import { canonical } from '../../ledger/decimal';
import type { JobContext } from '../writer';
import type { Pushes } from './pushes';

/*
 * What the user is told of a conditional order: the order as the wire carries it (every answer
 * and event), each leg's change on the private `orders` channel, and an ending they did not ask
 * for as a message-centre entry, in both languages, with the Web Push it owes.
 */

/** The screen a conditional order's notification opens (src/paths/paths.ts `conditional`). */
export const CONDITIONAL_SCREEN = '/pages/stock/conditional';

/** A conditional order as the wire carries it. */
export function conditionalToWire(row: ConditionalRow): ConditionalOrder {
  const dec = (v: string | null) => (v === null ? null : canonical(v));
  return {
    id: String(row.id),
    groupId: String(row.groupId ?? row.id),
    wallet: row.wallet,
    symbol: row.symbol,
    kind: row.kind,
    side: row.side,
    quantity: canonical(row.quantity),
    trigger: canonical(row.triggerPrice),
    limit: dec(row.limitPrice),
    trailBy: row.trailBy,
    trailValue: dec(row.trailValue),
    best: dec(row.best),
    frozen: canonical(row.frozen),
    state: row.state,
    reason: row.reason,
    reasonParams: row.reasonParams ?? null,
    fired:
      row.firedPrice !== null && row.firedAt !== null && row.firedTradeId !== null
        ? { price: canonical(row.firedPrice), t: row.firedAt, tradeId: row.firedTradeId }
        : null,
    placedOrderId: row.placedOrderId === null ? null : String(row.placedOrderId),
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Each leg's new state on the private `orders` channel once the job's batch commits: the
 * conditional list and the ticket change at once, whoever ended the leg (a trigger, the expiry
 * job, the user on another device). Nothing is announced that a rolled-back batch undid.
 * Answers the legs as announced: the call that changed them answers the same wire orders.
 */
export function announceLegs(jc: JobContext, rows: readonly ConditionalRow[]): ConditionalOrder[] {
  const told = rows.map(({ userId, accountType, ...row }) => ({
    owner: { userId, accountType },
    order: conditionalToWire({ userId, accountType, ...row }),
  }));
  jc.afterCommit(() => {
    for (const { owner, order } of told) {
      const event: ConditionalEvent = { kind: 'conditional', order };
      jc.events.publish(owner, 'orders', event);
    }
  });
  return told.map(({ order }) => order);
}

/**
 * Tells the user an ending they did not ask for (a fire, a refusal at the trigger, an expiry):
 * the legs' events, a message-centre entry and the Web Push it owes, both written in the job
 * that changed the legs, so they commit with it or not at all. A leg fires once (its state is
 * the guard), so a takeover that runs the trigger again writes no second message; the push is
 * sent after the commit, or by the next sweep if this node never got to it.
 */
export function createNotifier(pushes: Pushes, clock: { now(): number }) {
  async function tell(jc: JobContext, ending: Ending): Promise<void> {
    const rows = ending.kind === 'fired' ? [ending.leg, ...ending.others] : ending.legs;
    const first = rows[0];
    if (!first) return;
    announceLegs(jc, rows);
    const { userId, accountType } = first;
    const { title, body } = endingText(ending);
    const [message] = await jc.tx
      .insert(messages)
      .values({ userId, accountType, kind: 'personal', title, body })
      .returning({ id: messages.id });
    if (!message) throw new Error('conditional order message not written');
    const [owed] = await jc.tx
      .insert(pushOutbox)
      .values({
        userId,
        messageId: message.id,
        topic: 'conditional',
        tag: `conditional-${first.groupId ?? first.id}`,
        url: CONDITIONAL_SCREEN,
        createdAt: clock.now(),
      })
      .returning({ id: pushOutbox.id });
    if (!owed) throw new Error('conditional order push not written');
    const id = String(message.id);
    jc.afterCommit(() => {
      jc.events.publish({ userId, accountType }, 'messages', {
        type: 'message',
        id,
        kind: 'personal',
        title,
        body,
      });
      pushes.sendNow([owed.id]);
    });
  }
  return { tell };
}

export type Notifier = ReturnType<typeof createNotifier>;

/** How a conditional order ended, as the user is told of it. */
export type Ending =
  /** A leg fired (its row `fired` or `refused`) and the pair's other leg, if any, was cancelled. */
  | { kind: 'fired'; leg: ConditionalRow; others: readonly ConditionalRow[] }
  /** A group's waiting legs reached their expiry. */
  | { kind: 'expired'; legs: readonly ConditionalRow[] };

type Leg = Pick<
  ConditionalRow,
  'kind' | 'side' | 'symbol' | 'wallet' | 'quantity' | 'triggerPrice' | 'limitPrice'
>;

/** The ticket's words for each kind (locales/<lang>/conditional.json), as a sentence starts with them. */
const KIND: Record<Locale, Record<ConditionalRow['kind'], string>> = {
  'tr-TR': { stop: 'Stop', stop_limit: 'Stop-limit', take_profit: 'Kâr al', trailing: 'İz süren stop' },
  'en-US': { stop: 'Stop', stop_limit: 'Stop-limit', take_profit: 'Take-profit', trailing: 'Trailing stop' },
};
const KIND_LOWER: Record<ConditionalRow['kind'], string> = {
  stop: 'stop',
  stop_limit: 'stop-limit',
  take_profit: 'kâr al',
  trailing: 'iz süren stop',
};
const SIDE: Record<Locale, Record<ConditionalRow['side'], string>> = {
  'tr-TR': { buy: 'alış', sell: 'satış' },
  'en-US': { buy: 'buy', sell: 'sell' },
};

/** A coin pair's asset as the list shows it (BTCUSDT: BTC); a stock is counted in lots. */
const unitOf = (leg: Leg) => (leg.wallet === 'stock' ? 'lot' : leg.symbol.replace(/USDT$/, ''));

/** "Stop sell 10 THYAO at 300.00 (limit 299.50)": the leg as the user placed it. */
function legEn(leg: Leg): string {
  const [qty, price] = [quantityIn('en-US'), priceIn('en-US')];
  const limit = leg.limitPrice === null ? '' : ` (limit ${price(leg.limitPrice)})`;
  return `${KIND['en-US'][leg.kind]} ${SIDE['en-US'][leg.side]} ${qty(leg.quantity)} ${leg.symbol} at ${price(leg.triggerPrice)}${limit}`;
}

/** "THYAO 10 lot stop satış (tetik 300,00, limit 299,50)". */
function legTr(leg: Leg): string {
  const [qty, price] = [quantityIn('tr-TR'), priceIn('tr-TR')];
  const limit = leg.limitPrice === null ? '' : `, limit ${price(leg.limitPrice)}`;
  return `${leg.symbol} ${qty(leg.quantity)} ${unitOf(leg)} ${KIND_LOWER[leg.kind]} ${SIDE['tr-TR'][leg.side]} (tetik ${price(leg.triggerPrice)}${limit})`;
}

/** The sentence about the pair's other leg a firing cancelled; empty without one. */
function othersText(others: readonly Leg[]): LocalizedText {
  if (others.length === 0) return { 'tr-TR': '', 'en-US': '' };
  return {
    'tr-TR': ` Çiftin diğer bacağı (${others.map(legTr).join('; ')}) iptal edildi.`,
    'en-US': ` The other leg of the pair (${others.map(legEn).join('; ')}) was canceled.`,
  };
}

/** The refusal's reason in the error texts the screens show for its key. */
function reasonIn(locale: Locale, leg: ConditionalRow): string {
  return translate(locale, (leg.reason ?? 'INTERNAL_ERROR') as ErrorKey, leg.reasonParams ?? {});
}

/**
 * The message-centre entry for an ending, in both languages, plain and specific: which order,
 * what the trade was, what happened to the order it placed and to the hold. A demo account's
 * says so in its title: a push reaches the person, whichever account they are looking at.
 */
export function endingText(ending: Ending): { title: LocalizedText; body: LocalizedText } {
  const text = accountText(ending);
  const first = ending.kind === 'fired' ? ending.leg : ending.legs[0];
  if (first?.accountType !== 'demo') return text;
  return {
    title: { 'tr-TR': `Demo · ${text.title['tr-TR']}`, 'en-US': `Demo · ${text.title['en-US']}` },
    body: text.body,
  };
}

function accountText(ending: Ending): { title: LocalizedText; body: LocalizedText } {
  if (ending.kind === 'expired') {
    const { legs } = ending;
    const symbol = legs[0]?.symbol ?? '';
    return {
      title: {
        'tr-TR': `Koşullu emrin süresi doldu: ${symbol}`,
        'en-US': `Conditional order expired: ${symbol}`,
      },
      body: {
        'tr-TR': `${legs.map(legTr).join(' ve ')} emrinizin süresi gerçekleşmeden doldu; blokeniz çözüldü.`,
        'en-US': `${legs.map(legEn).join(' and ')} expired unfilled; the hold was released.`,
      },
    };
  }
  const { leg, others } = ending;
  const at = {
    'tr-TR': priceIn('tr-TR')(leg.firedPrice ?? '0'),
    'en-US': priceIn('en-US')(leg.firedPrice ?? '0'),
  };
  const rest = othersText(others);
  const [kindTr, kindEn] = [KIND['tr-TR'][leg.kind], KIND['en-US'][leg.kind]];
  if (leg.state === 'refused')
    return {
      title: { 'tr-TR': `${kindTr} reddedildi: ${leg.symbol}`, 'en-US': `${kindEn} refused: ${leg.symbol}` },
      body: {
        'tr-TR': `${legTr(leg)} emriniz ${at['tr-TR']} fiyatlı işlemle tetiklendi ancak emir reddedildi: ${reasonIn('tr-TR', leg)} Blokeniz çözüldü.${rest['tr-TR']}`,
        'en-US': `${legEn(leg)} triggered by a trade at ${at['en-US']}, but the order was refused: ${reasonIn('en-US', leg)} The hold was released.${rest['en-US']}`,
      },
    };
  const order = String(leg.placedOrderId ?? '');
  return {
    title: { 'tr-TR': `${kindTr} tetiklendi: ${leg.symbol}`, 'en-US': `${kindEn} triggered: ${leg.symbol}` },
    body: {
      'tr-TR': `${legTr(leg)} emriniz ${at['tr-TR']} fiyatlı işlemle tetiklendi; emir verildi (emir no ${order}).${rest['tr-TR']}`,
      'en-US': `${legEn(leg)} triggered by a trade at ${at['en-US']} — order placed (order ${order}).${rest['en-US']}`,
    },
  };
}

import type { ContractPosition, PositionsEvent } from '../../../domain/protocol/contracts';
import { messages, type LocalizedText } from '../../db/schema/content';
import type { UserEvents } from '../../events';
import { userBalances } from '../../ledger/balances';
import type { JobContext } from '../writer';
import type { Owner } from './store';
import { formatPercent } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import { amountsIn, priceIn, quantityIn } from '../../content/amounts';

/** What happened to a position, for the message centre (both languages, DECISIONS §2: plain facts). */
export type Happening =
  | { kind: 'open'; position: ContractPosition }
  | { kind: 'close'; position: ContractPosition; qty: string; price: string; final: boolean }
  | { kind: 'take_profit' | 'stop_loss'; position: ContractPosition; price: string }
  | { kind: 'liquidation'; position: ContractPosition; price: string }
  | { kind: 'funding'; position: ContractPosition; amount: string; rate: string };

/** The screens' words: the ticket says "Long aç", so a message never says "Uzun". */
const SIDE = {
  'tr-TR': { long: 'Long', short: 'Short' },
  'en-US': { long: 'Long', short: 'Short' },
} as const;

/** The coin a USDT-margined contract is counted in ("BTCUSDT" → "BTC"), as the screens write it. */
const baseOf = (symbol: string): string => symbol.replace(/USDT$/, '');

/** Figures as the reader's screens write them: a message keeps one text per language (truncated, never rounded). */
function figuresIn(locale: Locale) {
  const usdt = amountsIn(locale);
  return {
    qty: quantityIn(locale),
    price: priceIn(locale),
    usdt: (value: string) => usdt(value, 'USDT'),
    // A funding rate is in percent points ('0.0100' is 0.01 %), shown as the screens show it.
    rate: (value: string) => formatPercent(value, locale, { decimals: 4, signed: false }),
  };
}

function texts(h: Happening): { title: LocalizedText; body: LocalizedText } {
  const p = h.position;
  const tr = `${p.symbol} ${SIDE['tr-TR'][p.side]} ${p.leverage}×`;
  const en = `${p.symbol} ${SIDE['en-US'][p.side]} ${p.leverage}×`;
  const [t, e] = [figuresIn('tr-TR'), figuresIn('en-US')];
  const pnl = p.realizedPnl ?? '0';
  switch (h.kind) {
    case 'open':
      return {
        title: { 'tr-TR': 'Pozisyon açıldı', 'en-US': 'Position opened' },
        body: {
          'tr-TR': `${tr}: ${t.qty(p.qty)} ${baseOf(p.symbol)} ${t.price(p.entryPrice)} fiyatından açıldı. Teminat ${t.usdt(p.margin)}, işlem ücreti ${t.usdt(p.openFee)}.`,
          'en-US': `${en}: ${e.qty(p.qty)} ${baseOf(p.symbol)} opened at ${e.price(p.entryPrice)}. Margin ${e.usdt(p.margin)}, fee ${e.usdt(p.openFee)}.`,
        },
      };
    case 'close':
      return {
        title: { 'tr-TR': 'Pozisyon kapatıldı', 'en-US': 'Position closed' },
        body: {
          'tr-TR': `${tr}: ${t.qty(h.qty)} ${baseOf(p.symbol)} ${t.price(h.price)} fiyatından kapatıldı.${h.final ? ` Gerçekleşen kâr/zarar ${t.usdt(pnl)}.` : ''}`,
          'en-US': `${en}: ${e.qty(h.qty)} ${baseOf(p.symbol)} closed at ${e.price(h.price)}.${h.final ? ` Realized P&L ${e.usdt(pnl)}.` : ''}`,
        },
      };
    case 'take_profit':
    case 'stop_loss': {
      const trName = h.kind === 'take_profit' ? 'Kâr al' : 'Zarar durdur';
      const enName = h.kind === 'take_profit' ? 'Take-profit' : 'Stop-loss';
      return {
        title: { 'tr-TR': `${trName} tetiklendi`, 'en-US': `${enName} triggered` },
        body: {
          'tr-TR': `${tr}: işaret fiyatı tetik fiyatına ulaştı; pozisyon ${t.price(h.price)} fiyatından piyasada kapatıldı. Gerçekleşen kâr/zarar ${t.usdt(pnl)}.`,
          'en-US': `${en}: the mark price reached the trigger; the position closed at market at ${e.price(h.price)}. Realized P&L ${e.usdt(pnl)}.`,
        },
      };
    }
    case 'liquidation':
      return {
        title: { 'tr-TR': 'Pozisyon tasfiye edildi', 'en-US': 'Position liquidated' },
        body: {
          'tr-TR': `${tr}: özkaynak bakım teminatına düştü; pozisyon ${t.price(h.price)} fiyatından tasfiye edildi. Kaybınız teminatı (${t.usdt(p.margin)}) aşmaz.`,
          'en-US': `${en}: equity fell to the maintenance margin; the position was liquidated at ${e.price(h.price)}. Your loss never exceeds the margin (${e.usdt(p.margin)}).`,
        },
      };
    case 'funding': {
      const paid = !h.amount.startsWith('-');
      const abs = paid ? h.amount : h.amount.slice(1);
      return {
        title: { 'tr-TR': 'Fonlama ödemesi', 'en-US': 'Funding payment' },
        body: {
          'tr-TR': `${tr}: ${t.rate(h.rate)} fonlama oranıyla ${t.usdt(abs)} ${paid ? 'ödendi' : 'alındı'}.`,
          'en-US': `${en}: ${e.usdt(abs)} ${paid ? 'paid' : 'received'} at a funding rate of ${e.rate(h.rate)}.`,
        },
      };
    }
  }
}

/**
 * Writes the message-centre row inside the job (it commits with the posting it tells of) and
 * answers what to announce once committed: the message and the positions event.
 */
export async function recordHappening(
  { tx, events }: Pick<JobContext, 'tx' | 'events'>,
  owner: Owner,
  h: Happening,
  event: PositionsEvent,
): Promise<() => void> {
  const { title, body } = texts(h);
  const { userId, accountType } = owner;
  const [row] = await tx
    .insert(messages)
    .values({ userId, accountType, kind: 'personal', title, body })
    .returning({ id: messages.id });
  const id = String(row?.id ?? '');
  return () => {
    events.publish(owner, 'positions', event);
    events.publish(owner, 'messages', { type: 'message', id, kind: 'personal', title, body });
  };
}

/** A change worth a positions event but no message (TP/SL edits, margin added). */
export function announcePosition(events: UserEvents, owner: Owner, position: ContractPosition): () => void {
  return () => events.publish(owner, 'positions', { kind: 'position', position } satisfies PositionsEvent);
}

/**
 * After a posting to the user's wallets: the account type's balances as the ledger holds them at
 * the end of this job, announced on the private `balances` channel once the batch commits (a
 * later job of the same batch announces its own, later snapshot after this one).
 */
export async function announceBalances(
  job: Pick<JobContext, 'tx' | 'afterCommit' | 'events'>,
  owner: Owner,
): Promise<void> {
  const balances = await userBalances(job.tx, owner.userId, owner.accountType);
  job.afterCommit(() => job.events.publish(owner, 'balances', { accountType: owner.accountType, balances }));
}

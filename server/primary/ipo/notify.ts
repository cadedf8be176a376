import type { AccountType } from '../../../domain/protocol/account';
import { formatLocalDate } from '../../../domain/format/date';
import { amountsIn, countIn } from '../../content/amounts';
import { sendMessage } from '../../content/send';
import type { LocalizedText } from '../../db/schema/content';
import type { Db } from '../../db/client';
import { eventsOf } from '../../app-state';
import { userBalances } from '../../ledger/balances';
import type { NewsReader } from '../lifecycle/locked-step';

/**
 * A calendar date in Europe/Istanbul as each language reads it (DECISIONS §3): tr-TR "27.11.2026",
 * en-US "11/27/2026", the screens' own form (domain/format/date).
 */
export type Day = Record<'tr-TR' | 'en-US', string>;
export function day(ms: number): Day {
  return { 'tr-TR': formatLocalDate(ms, 'tr-TR'), 'en-US': formatLocalDate(ms, 'en-US') };
}

/** After a committed change: the balances on the user's private channel. */
export async function announceBalances(db: Db, userId: bigint, accountType: AccountType, now: number) {
  const balances = await userBalances(db, userId, accountType, now);
  eventsOf(db).publish({ userId, accountType }, 'balances', { accountType, balances });
}

/** What happened to an application, told in both languages as plain facts (DECISIONS §2). */
export type IpoNews =
  | { kind: 'won'; symbol: string; lots: string; charged: string; refund: string; refundAt: Day }
  | { kind: 'not_allotted'; symbol: string; refund: string; refundAt: Day }
  | { kind: 'pay_due'; symbol: string; lots: string; due: string; payBy: Day }
  | { kind: 'not_allotted_unpaid'; symbol: string }
  | { kind: 'lapsed'; symbol: string; lots: string }
  | { kind: 'auto_applied'; symbol: string; lots: string; held: string }
  | { kind: 'auto_skipped'; symbol: string; reason: LocalizedText };

// Amounts and lots as each language's screens show them ("₺425,68" / "₺425.68", "1.000 lot").
const tr = amountsIn('tr-TR');
const en = amountsIn('en-US');
const trN = countIn('tr-TR');
const enN = countIn('en-US');

function texts(n: IpoNews): { title: LocalizedText; body: LocalizedText } {
  switch (n.kind) {
    case 'won':
      return {
        title: { 'tr-TR': `${n.symbol} halka arz sonucu`, 'en-US': `${n.symbol} IPO result` },
        body: {
          'tr-TR': `${n.symbol} halka arzından ${trN(n.lots)} lot aldınız; ${tr(n.charged, 'TRY')} tahsil edildi. Kalan ${tr(n.refund, 'TRY')} ${n.refundAt['tr-TR']} tarihinde hesabınıza iade edilir.`,
          'en-US': `You were allotted ${enN(n.lots)} lots of ${n.symbol}; ${en(n.charged, 'TRY')} was charged. The remaining ${en(n.refund, 'TRY')} is refunded to your account on ${n.refundAt['en-US']}.`,
        },
      };
    case 'not_allotted':
      return {
        title: { 'tr-TR': `${n.symbol} halka arz sonucu`, 'en-US': `${n.symbol} IPO result` },
        body: {
          'tr-TR': `${n.symbol} halka arzından pay alamadınız. Bloke edilen ${tr(n.refund, 'TRY')} ${n.refundAt['tr-TR']} tarihinde hesabınıza iade edilir.`,
          'en-US': `You were not allotted any ${n.symbol} shares. The ${en(n.refund, 'TRY')} held is refunded to your account on ${n.refundAt['en-US']}.`,
        },
      };
    case 'pay_due':
      return {
        title: { 'tr-TR': `${n.symbol} halka arz sonucu`, 'en-US': `${n.symbol} IPO result` },
        body: {
          'tr-TR': `${n.symbol} halka arzından ${trN(n.lots)} lot aldınız. Payların sizin olması için ${tr(n.due, 'TRY')} tutarını ${n.payBy['tr-TR']} tarihine kadar ödeyin (Halka arz → Taleplerim → Öde). Ödenmeyen paylar o tarihte düşer; hesabınızdan hiçbir tutar alınmaz.`,
          'en-US': `You were allotted ${enN(n.lots)} lots of ${n.symbol}. Pay ${en(n.due, 'TRY')} by ${n.payBy['en-US']} for the shares to be yours (IPO → My applications → Pay). Unpaid lots lapse on that date; nothing is taken from your account.`,
        },
      };
    case 'not_allotted_unpaid':
      return {
        title: { 'tr-TR': `${n.symbol} halka arz sonucu`, 'en-US': `${n.symbol} IPO result` },
        body: {
          'tr-TR': `${n.symbol} halka arzından pay alamadınız. Bu halka arzda ödeme dağıtımdan sonra yapıldığı için hesabınızdan hiçbir tutar alınmadı.`,
          'en-US': `You were not allotted any ${n.symbol} shares. This IPO is paid after allocation, so nothing was taken from your account.`,
        },
      };
    case 'lapsed':
      return {
        title: { 'tr-TR': `${n.symbol} ödemesi yapılmadı`, 'en-US': `${n.symbol} payment not made` },
        body: {
          'tr-TR': `${n.symbol} halka arzında size dağıtılan ${trN(n.lots)} lot, son ödeme tarihine kadar ödenmediği için düştü. Hesabınızdan hiçbir tutar alınmadı.`,
          'en-US': `The ${enN(n.lots)} lots of ${n.symbol} allotted to you lapsed: they were not paid by the deadline. Nothing was taken from your account.`,
        },
      };
    case 'auto_applied':
      return {
        title: {
          'tr-TR': `${n.symbol} için otomatik talep`,
          'en-US': `Automatic subscription to ${n.symbol}`,
        },
        body: {
          'tr-TR': `Otomatik halka arz talebi açık olduğu için ${n.symbol} için ${trN(n.lots)} lot talep edildi; ${tr(n.held, 'TRY')} bloke edildi.`,
          'en-US': `Because automatic IPO subscription is on, ${enN(n.lots)} lots of ${n.symbol} were applied for; ${en(n.held, 'TRY')} is held.`,
        },
      };
    case 'auto_skipped':
      return {
        title: {
          'tr-TR': `${n.symbol} için otomatik talep yapılmadı`,
          'en-US': `No automatic subscription to ${n.symbol}`,
        },
        body: {
          'tr-TR': `${n.symbol} için otomatik talep yapılamadı: ${n.reason['tr-TR'] ?? ''}`,
          'en-US': `${n.symbol} could not be applied for automatically: ${n.reason['en-US'] ?? ''}`,
        },
      };
  }
}

export async function tellUser(db: Db, to: NewsReader, news: IpoNews): Promise<void> {
  await sendMessage(db, { userId: to.userId, accountType: to.accountType, ...texts(news) });
}

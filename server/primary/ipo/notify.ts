import type { AccountType } from '../../../domain/protocol/account';
import { sendMessage } from '../../content/send';
import type { LocalizedText } from '../../db/schema/content';
import type { Db } from '../../db/client';
import { publishUserEvent } from '../../events';
import { userBalances } from '../../ledger/balances';

/** After a committed change: the balances on the user's private channel. */
export async function announceBalances(db: Db, userId: bigint, accountType: AccountType, now: number) {
  const balances = await userBalances(db, userId, accountType, now);
  publishUserEvent(userId, 'balances', { accountType, balances });
}

/** What happened to an application, told in both languages as plain facts (DECISIONS §2). */
export type IpoNews =
  | { kind: 'won'; symbol: string; lots: string; charged: string; refund: string; refundAt: string }
  | { kind: 'not_allotted'; symbol: string; refund: string; refundAt: string }
  | { kind: 'auto_applied'; symbol: string; lots: string; held: string }
  | { kind: 'auto_skipped'; symbol: string; reason: LocalizedText };

function texts(n: IpoNews): { title: LocalizedText; body: LocalizedText } {
  switch (n.kind) {
    case 'won':
      return {
        title: { 'tr-TR': `${n.symbol} halka arz sonucu`, 'en-US': `${n.symbol} IPO result` },
        body: {
          'tr-TR': `${n.symbol} halka arzından ${n.lots} lot aldınız; ${n.charged} TRY tahsil edildi. Kalan ${n.refund} TRY ${n.refundAt} tarihinde hesabınıza iade edilir.`,
          'en-US': `You were allotted ${n.lots} lots of ${n.symbol}; ${n.charged} TRY was charged. The remaining ${n.refund} TRY is refunded to your account on ${n.refundAt}.`,
        },
      };
    case 'not_allotted':
      return {
        title: { 'tr-TR': `${n.symbol} halka arz sonucu`, 'en-US': `${n.symbol} IPO result` },
        body: {
          'tr-TR': `${n.symbol} halka arzından pay alamadınız. Bloke edilen ${n.refund} TRY ${n.refundAt} tarihinde hesabınıza iade edilir.`,
          'en-US': `You were not allotted any ${n.symbol} shares. The ${n.refund} TRY held is refunded to your account on ${n.refundAt}.`,
        },
      };
    case 'auto_applied':
      return {
        title: {
          'tr-TR': `${n.symbol} için otomatik talep`,
          'en-US': `Automatic subscription to ${n.symbol}`,
        },
        body: {
          'tr-TR': `Otomatik halka arz talebi açık olduğu için ${n.symbol} için ${n.lots} lot talep edildi; ${n.held} TRY bloke edildi.`,
          'en-US': `Because automatic IPO subscription is on, ${n.lots} lots of ${n.symbol} were applied for; ${n.held} TRY is held.`,
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

export async function tellUser(db: Db, userId: bigint, news: IpoNews): Promise<void> {
  await sendMessage(db, { userId, ...texts(news) });
}

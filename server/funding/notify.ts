import type { LocalizedText } from '../db/schema/content';
import type { Db } from '../db/client';
import { amountsIn } from '../content/amounts';
import { sendMessage } from '../content/send';
import { announceRealBalances } from './common';

/** What happened to a funding request, told in both languages (DECISIONS §2: plain facts). */
export type FundingNews =
  | { kind: 'deposit_success'; amount: string; currency: string }
  | { kind: 'deposit_failed'; amount: string; currency: string; reason: string }
  | { kind: 'withdrawal_success'; receive: string; currency: string }
  | { kind: 'withdrawal_failed'; amount: string; currency: string; reason: string };

const tr = amountsIn('tr-TR');
const en = amountsIn('en-US');

function texts(n: FundingNews): { title: LocalizedText; body: LocalizedText } {
  switch (n.kind) {
    case 'deposit_success':
      return {
        title: { 'tr-TR': 'Para yatırma onaylandı', 'en-US': 'Deposit approved' },
        body: {
          'tr-TR': `${tr(n.amount, n.currency)} hesabınıza eklendi.`,
          'en-US': `${en(n.amount, n.currency)} has been added to your account.`,
        },
      };
    case 'deposit_failed':
      return {
        title: { 'tr-TR': 'Para yatırma reddedildi', 'en-US': 'Deposit rejected' },
        body: {
          'tr-TR': `${tr(n.amount, n.currency)} tutarındaki talebiniz reddedildi. Neden: ${n.reason}`,
          'en-US': `Your deposit request of ${en(n.amount, n.currency)} was rejected. Reason: ${n.reason}`,
        },
      };
    case 'withdrawal_success':
      return {
        title: { 'tr-TR': 'Para çekme onaylandı', 'en-US': 'Withdrawal approved' },
        body: {
          'tr-TR': `${tr(n.receive, n.currency)} gönderildi.`,
          'en-US': `${en(n.receive, n.currency)} has been sent.`,
        },
      };
    case 'withdrawal_failed':
      return {
        title: { 'tr-TR': 'Para çekme reddedildi', 'en-US': 'Withdrawal rejected' },
        body: {
          'tr-TR': `${tr(n.amount, n.currency)} tutarındaki talebiniz reddedildi ve tutar hesabınıza geri döndü. Neden: ${n.reason}`,
          'en-US': `Your withdrawal of ${en(n.amount, n.currency)} was rejected and the amount is back in your account. Reason: ${n.reason}`,
        },
      };
  }
}

/** After a decision committed: the message centre, and the balances on the private channel. */
export async function tellDecision(db: Db, userId: bigint, news: FundingNews, now: number): Promise<void> {
  // Deposits and withdrawals are the real account's (a demo account has neither): its inbox only.
  await sendMessage(db, { userId, accountType: 'real', ...texts(news) });
  await announceRealBalances(db, userId, now);
}

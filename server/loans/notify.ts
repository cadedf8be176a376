import Decimal from 'decimal.js';
import { amountsIn } from '../content/amounts';
import { sendMessage } from '../content/send';
import type { Db } from '../db/client';
import { day } from '../primary/ipo/notify';
import { owedOf, type LoanRow } from './wire';

/** TRY as each language's screens show it ("₺8.000,00" / "₺8,000.00"), truncated. */
const tr = (v: string | number | Decimal) => amountsIn('tr-TR')(v, 'TRY');
const en = (v: string | number | Decimal) => amountsIn('en-US')(v, 'TRY');
/** What is owed, to the kuruş the loan screen shows (its wire value, ./wire). */
const owedText = (row: LoanRow, now: number) => owedOf(row, now).toFixed(2);

export type LoanNews =
  | { kind: 'disbursed' }
  | { kind: 'offered' }
  | { kind: 'rejected' }
  | { kind: 'repaid' }
  | { kind: 'repayment_approved'; amount: string }
  | { kind: 'repayment_rejected'; amount: string; reason: string };

/** What happened to a loan, told in both languages as plain facts (DECISIONS §2). */
export async function tellLoan(db: Db, row: LoanRow, news: LoanNews, now: number): Promise<void> {
  const n = String(row.id);
  const due = row.dueAt === null ? { 'tr-TR': '--', 'en-US': '--' } : day(row.dueAt);
  const amount = 'amount' in news ? news.amount : '0';
  const texts: Record<LoanNews['kind'], [string, string, string, string]> = {
    disbursed: [
      `Krediniz (#${n}) hesabınıza geçti`,
      `${tr(row.principal ?? 0)} hisse hesabınıza yatırıldı; ${row.days} gün vadeli, son ödeme tarihi ${due['tr-TR']}.`,
      `Your loan (#${n}) was paid out`,
      `${en(row.principal ?? 0)} was credited to your stock account for ${row.days} ${Number(row.days) === 1 ? 'day' : 'days'}, due ${due['en-US']}.`,
    ],
    offered: [
      `Kredi başvurunuz (#${n}) için yeni tutar`,
      `Müşteri temsilciniz ${tr(row.offeredAmount ?? 0)} önerdi (başvuru: ${tr(row.amount)}). Kredi sayfasında kabul edebilir veya reddedebilirsiniz.`,
      `A new amount for your loan application (#${n})`,
      `Your customer-service manager offered ${en(row.offeredAmount ?? 0)} (you asked for ${en(row.amount)}). Accept or decline it on the loan page.`,
    ],
    rejected: [
      `Kredi başvurunuz (#${n}) reddedildi`,
      row.rejectReason ?? '',
      `Your loan application (#${n}) was rejected`,
      row.rejectReason ?? '',
    ],
    repaid: [
      `Krediniz (#${n}) kapandı`,
      `Kredinizin tamamı geri ödendi.`,
      `Your loan (#${n}) is repaid`,
      `Your loan has been repaid in full.`,
    ],
    repayment_approved: [
      `Geri ödemeniz onaylandı (#${n})`,
      `${tr(amount)} geri ödemeniz işlendi; kalan borç ${tr(owedText(row, now))}.`,
      `Your repayment was approved (#${n})`,
      `Your repayment of ${en(amount)} was applied; ${en(owedText(row, now))} is still owed.`,
    ],
    repayment_rejected: [
      `Geri ödemeniz reddedildi (#${n})`,
      `${tr(amount)} serbest bırakıldı. ${'reason' in news ? news.reason : ''}`,
      `Your repayment was rejected (#${n})`,
      `${en(amount)} was released back to you. ${'reason' in news ? news.reason : ''}`,
    ],
  };
  const [titleTr, bodyTr, titleEn, bodyEn] = texts[news.kind];
  await sendMessage(db, {
    userId: row.userId,
    // Loans lend to the real account only (terms.ts): their news is that account's.
    accountType: 'real',
    title: { 'tr-TR': titleTr, 'en-US': titleEn },
    body: { 'tr-TR': bodyTr || titleTr, 'en-US': bodyEn || titleEn },
  });
}

/** A loan past its due date with money owed: said once, plainly, with the penalty it now bears. */
export async function tellOverdue(db: Db, row: LoanRow, now: number): Promise<void> {
  const owed = owedText(row, now);
  const pct = (lang: 'tr' | 'en') => {
    const digits = new Decimal(row.penaltyRate).times(100).toFixed();
    return lang === 'tr' ? `%${digits.replace('.', ',')}` : `${digits}%`;
  };
  const per = row.rateKind === 'daily' ? ['günlük', 'a day'] : ['yıllık', 'a year'];
  // A loan granted before the penalty existed bears none: it is told so, not "0%".
  const penalty = new Decimal(row.penaltyRate).gt(0);
  const due = row.dueAt === null ? { 'tr-TR': '--', 'en-US': '--' } : day(row.dueAt);
  await sendMessage(db, {
    userId: row.userId,
    accountType: 'real',
    title: { 'tr-TR': `Kredinizin (#${row.id}) vadesi geçti`, 'en-US': `Your loan (#${row.id}) is overdue` },
    body: {
      'tr-TR': penalty
        ? `Son ödeme tarihi ${due['tr-TR']} idi; ${tr(owed)} borcunuz var. Faiz işlemeye devam ediyor ve ödenene kadar anapara üzerine ${per[0]} ${pct('tr')} gecikme faizi ekleniyor.`
        : `Son ödeme tarihi ${due['tr-TR']} idi; ${tr(owed)} borcunuz var ve faiz aynı oranla işlemeye devam ediyor.`,
      'en-US': penalty
        ? `It was due on ${due['en-US']}; ${en(owed)} is owed. Interest keeps accruing, and until it is repaid an overdue penalty of ${pct('en')} ${per[1]} on the principal is added.`
        : `It was due on ${due['en-US']}; ${en(owed)} is owed and interest keeps accruing at the same rate.`,
    },
  });
}

import Decimal from 'decimal.js';
import { sendMessage } from '../content/send';
import type { Db } from '../db/client';
import { day } from '../primary/ipo/notify';
import { owedOf, type LoanRow } from './wire';

const tl = (v: Decimal.Value) => new Decimal(v).toFixed(2);

export type LoanNews =
  | { kind: 'disbursed' }
  | { kind: 'offered' }
  | { kind: 'rejected' }
  | { kind: 'repaid' }
  | { kind: 'repayment_approved'; amount: string }
  | { kind: 'repayment_rejected'; amount: string; reason: string };

/** What happened to a loan, told in both languages as plain facts (DECISIONS §2). */
export async function tellLoan(db: Db, row: LoanRow, news: LoanNews): Promise<void> {
  const n = String(row.id);
  const due = row.dueAt === null ? '--' : day(row.dueAt);
  const texts: Record<LoanNews['kind'], [string, string, string, string]> = {
    disbursed: [
      `Krediniz (#${n}) hesabınıza geçti`,
      `${tl(row.principal ?? 0)} TRY hisse hesabınıza yatırıldı; ${row.days} gün vadeli, son ödeme tarihi ${due}.`,
      `Your loan (#${n}) was paid out`,
      `${tl(row.principal ?? 0)} TRY was credited to your stock account for ${row.days} days, due ${due}.`,
    ],
    offered: [
      `Kredi başvurunuz (#${n}) için yeni tutar`,
      `Müşteri temsilciniz ${tl(row.offeredAmount ?? 0)} TRY önerdi (başvuru: ${tl(row.amount)} TRY). Kredi sayfasında kabul edebilir veya reddedebilirsiniz.`,
      `A new amount for your loan application (#${n})`,
      `Your customer-service manager offered ${tl(row.offeredAmount ?? 0)} TRY (you asked for ${tl(row.amount)} TRY). Accept or decline it on the loan page.`,
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
      `${'amount' in news ? news.amount : ''} TRY geri ödemeniz işlendi; kalan borç ${tl(owedOf(row))} TRY.`,
      `Your repayment was approved (#${n})`,
      `Your repayment of ${'amount' in news ? news.amount : ''} TRY was applied; ${tl(owedOf(row))} TRY is still owed.`,
    ],
    repayment_rejected: [
      `Geri ödemeniz reddedildi (#${n})`,
      `${'amount' in news ? news.amount : ''} TRY serbest bırakıldı. ${'reason' in news ? news.reason : ''}`,
      `Your repayment was rejected (#${n})`,
      `${'amount' in news ? news.amount : ''} TRY was released back to you. ${'reason' in news ? news.reason : ''}`,
    ],
  };
  const [titleTr, bodyTr, titleEn, bodyEn] = texts[news.kind];
  await sendMessage(db, {
    userId: row.userId,
    title: { 'tr-TR': titleTr, 'en-US': titleEn },
    body: { 'tr-TR': bodyTr || titleTr, 'en-US': bodyEn || titleEn },
  });
}

/** A loan past its due date with money owed: said once, plainly. */
export async function tellOverdue(db: Db, row: LoanRow): Promise<void> {
  const owed = tl(owedOf(row));
  const due = row.dueAt === null ? '--' : day(row.dueAt);
  await sendMessage(db, {
    userId: row.userId,
    title: { 'tr-TR': `Kredinizin (#${row.id}) vadesi geçti`, 'en-US': `Your loan (#${row.id}) is overdue` },
    body: {
      'tr-TR': `Son ödeme tarihi ${due} idi; ${owed} TRY borcunuz var ve faiz aynı günlük oranla işlemeye devam ediyor.`,
      'en-US': `It was due on ${due}; ${owed} TRY is owed and interest keeps accruing at the same daily rate.`,
    },
  });
}

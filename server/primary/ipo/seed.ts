import type { Db } from '../../db/client';
import { createIpo, type IpoDraft } from './create';

import { seedDates } from '../seed-dates';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The IPOs a fresh database starts with, dated from its first start (`now`): one listed a few
 * days ago, two accepting subscriptions (equal distribution and lottery), one upcoming. A
 * prospectus never moves once published, so these are dated once, like every seed step; later
 * offerings come from the operator. Symbols are the catalogue's IPO_STOCKS.
 */
export function seedIpoDrafts(now: number): IpoDraft[] {
  const base = Math.floor(now / HOUR) * HOUR;
  return [
    {
      symbol: 'KPDTR',
      name: 'Kapadokya Turizm İşletmeleri A.Ş.',
      summary: {
        'tr-TR': 'Kapadokya bölgesinde otel ve balon turu işletmeciliği.',
        'en-US': 'Hotels and balloon tours in Cappadocia.',
      },
      sector: { 'tr-TR': 'Turizm', 'en-US': 'Tourism' },
      issuePrice: '11.60',
      lotsRetail: '4000000',
      lotsInstitutional: '2000000',
      maxLots: '20000',
      ...seedDates(base, [-10 * DAY, -8 * DAY, -7 * DAY, -7 * DAY, -5 * DAY]),
    },
    {
      symbol: 'EGEGD',
      name: 'Ege Doğal Gıda Sanayi A.Ş.',
      summary: {
        'tr-TR': 'Zeytinyağı, kuru meyve ve organik gıda üretimi ve ihracatı.',
        'en-US': 'Olive oil, dried fruit and organic food production and export.',
      },
      sector: { 'tr-TR': 'Gıda', 'en-US': 'Food' },
      issuePrice: '18.40',
      lotsRetail: '6500000',
      lotsInstitutional: '3500000',
      maxLots: '50000',
      ...seedDates(base, [-DAY, 2 * DAY, 2 * DAY + 2 * HOUR, 3 * DAY, 5 * DAY]),
    },
    {
      symbol: 'ANKYZ',
      name: 'Anka Yazılım Teknolojileri A.Ş.',
      summary: {
        'tr-TR': 'Bankalar ve kamu için siber güvenlik ve ödeme yazılımları.',
        'en-US': 'Cyber security and payment software for banks and the public sector.',
      },
      sector: { 'tr-TR': 'Teknoloji', 'en-US': 'Technology' },
      issuePrice: '42.50',
      lotsRetail: '1200000',
      lotsInstitutional: '800000',
      maxLots: '10000',
      method: 'lottery',
      ticketLots: '10',
      minLots: '10',
      ...seedDates(base, [-2 * HOUR, DAY, DAY + 2 * HOUR, 2 * DAY, 4 * DAY]),
    },
    {
      symbol: 'MRYEN',
      name: 'Marmara Yenilenebilir Enerji A.Ş.',
      summary: {
        'tr-TR': 'Rüzgâr ve güneş santralleri; 420 MW kurulu güç.',
        'en-US': 'Wind and solar plants; 420 MW installed capacity.',
      },
      sector: { 'tr-TR': 'Enerji', 'en-US': 'Energy' },
      issuePrice: '27.20',
      lotsRetail: '9000000',
      lotsInstitutional: '6000000',
      maxLots: '40000',
      ...seedDates(base, [5 * DAY, 8 * DAY, 8 * DAY + 2 * HOUR, 9 * DAY, 11 * DAY]),
    },
  ];
}

export async function seedIpos(db: Db, now: number): Promise<void> {
  for (const draft of seedIpoDrafts(now)) await createIpo(db, draft, now);
}

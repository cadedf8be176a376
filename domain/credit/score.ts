import type { CreditChange, CreditEventKind, CreditRule } from '../protocol/membership';
import { DAY_MS } from '../time';

/**
 * The published credit-score rule, shown on /pages/user/creditScore. Everyone starts at
 * `base`; identity verification, tenure and loans repaid on time add points, late repayments and
 * liquidations take some off; the score stays within [min, max]. It is information, never a
 * condition for withdrawing (DECISIONS §2).
 */
export const CREDIT_RULE: CreditRule = {
  base: 60,
  min: 0,
  max: 100,
  kycApproved: 10,
  tenurePerPeriod: 2,
  tenurePeriodDays: 30,
  tenureMax: 10,
  loanOnTime: 5,
  loanLate: -10,
  liquidation: -5,
};

/** What the score is computed from: dated facts of the account's history (epoch ms). */
export type CreditHistory = {
  registeredAt: number;
  kycApprovedAt: number | null;
  /** Loans repaid, one event each (server/loans/record.ts loansRepaid). */
  loanRepayments: { at: number; onTime: boolean }[];
  /** Contract positions of the real account that were liquidated. */
  liquidations: number[];
};

type Event = { at: number; kind: CreditEventKind; points: number };

/** The history as dated events of the rule, up to `now` (nothing in the future counts). */
export function creditEvents(history: CreditHistory, now: number, rule = CREDIT_RULE): Event[] {
  const events: Event[] = [{ at: history.registeredAt, kind: 'base', points: rule.base }];
  if (history.kycApprovedAt !== null)
    events.push({ at: history.kycApprovedAt, kind: 'kyc_approved', points: rule.kycApproved });
  const periods = Math.floor(rule.tenureMax / rule.tenurePerPeriod);
  for (let i = 1; i <= periods; i += 1)
    events.push({
      at: history.registeredAt + i * rule.tenurePeriodDays * DAY_MS,
      kind: 'tenure',
      points: rule.tenurePerPeriod,
    });
  for (const r of history.loanRepayments)
    events.push(
      r.onTime
        ? { at: r.at, kind: 'loan_repaid_on_time', points: rule.loanOnTime }
        : { at: r.at, kind: 'loan_repaid_late', points: rule.loanLate },
    );
  for (const at of history.liquidations) events.push({ at, kind: 'liquidation', points: rule.liquidation });
  // `base` first at equal times, then in the order given (stable sort).
  return events.filter((e) => e.at <= now).sort((a, b) => a.at - b.at);
}

/**
 * The score and its change log, oldest first: each event's points applied to the running score,
 * clamped to [min, max] (`applied` is what the clamp let through).
 */
export function creditScore(
  history: CreditHistory,
  now: number,
  rule = CREDIT_RULE,
): { score: number; changes: CreditChange[] } {
  let score = 0;
  const changes: CreditChange[] = [];
  for (const e of creditEvents(history, now, rule)) {
    const next = Math.min(rule.max, Math.max(rule.min, score + e.points));
    changes.push({ at: e.at, kind: e.kind, points: e.points, applied: next - score, scoreAfter: next });
    score = next;
  }
  return { score, changes };
}

import type { VipState } from '../protocol/membership';
import { DAY_MS } from '../time';

/** What a user's membership row holds: the trial's window and the paid validity (epoch ms). */
export type VipRecord = {
  trialStartedAt: number | null;
  trialEndsAt: number | null;
  paidUntil: number | null;
};

/** The membership at `now`: its state and, when active, when it ends (the later of trial and paid). */
export function vipStateAt(
  record: VipRecord | null,
  now: number,
): { state: VipState; active: boolean; activeUntil: number | null } {
  const paid = record?.paidUntil ?? null;
  const trial = record?.trialEndsAt ?? null;
  if (paid !== null && paid > now)
    return { state: 'purchased', active: true, activeUntil: Math.max(paid, trial ?? 0) };
  if (trial !== null && trial > now) return { state: 'trial', active: true, activeUntil: trial };
  if (paid !== null || trial !== null) return { state: 'expired', active: false, activeUntil: null };
  return { state: 'none', active: false, activeUntil: null };
}

/** The trial's window when started at `now` (once per user: the caller checks it was never taken). */
export function trialWindow(now: number, days: number): { startsAt: number; endsAt: number } {
  return { startsAt: now, endsAt: now + days * DAY_MS };
}

/**
 * A purchase's validity: it starts where the active membership ends (so a purchase during the
 * trial or before the paid period runs out loses none of it), or now, and runs `days` days.
 */
export function purchaseWindow(
  record: VipRecord | null,
  now: number,
  days: number,
): { startsAt: number; endsAt: number } {
  const { activeUntil } = vipStateAt(record, now);
  const startsAt = activeUntil ?? now;
  return { startsAt, endsAt: startsAt + days * DAY_MS };
}

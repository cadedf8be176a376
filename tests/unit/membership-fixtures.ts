import type { VipStatus } from '../../domain/protocol/membership';

/** A VIP status as /user/vip/get answers it: by default never a member, trial available. */
export function vipStatus(overrides: Partial<VipStatus> = {}): VipStatus {
  return {
    state: 'none',
    active: false,
    activeUntil: null,
    trialDays: 7,
    trialAvailable: true,
    trialStartedAt: null,
    trialEndsAt: null,
    paidUntil: null,
    price: '499',
    currency: 'TRY',
    validityDays: 30,
    purchases: [],
    ...overrides,
  };
}

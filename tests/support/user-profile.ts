import { userProfileSchema, type UserProfile } from '../../domain/protocol/account';

/**
 * The signed-in user's profile as `/user/info` answers it, for client units: a verified regular
 * investor with both passwords set, `overrides` on top. Parsed with the wire schema, so a fixture
 * the schema no longer accepts fails here rather than in a screen.
 */
export function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return userProfileSchema.parse({
    id: '100042',
    account: 'ayse@example.com',
    accountKind: 'email',
    email: 'ayse@example.com',
    phone: null,
    nickname: null,
    status: 1,
    idStatus: 'succ',
    investorType: 'regular',
    openAutoApply: 0,
    tradePasswordSet: true,
    withdrawPasswordSet: true,
    confirmOrdersWithTradePassword: false,
    inviteCode: null,
    createdAt: Date.UTC(2026, 0, 1),
    ...overrides,
  });
}

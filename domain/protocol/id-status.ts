/** KYC states (SPEC §4). In a file of their own, apart from ./user.ts, so reading them needs no zod. */
export const ID_STATUSES = ['none', 'pending', 'succ', 'fail'] as const;
export type IdStatus = (typeof ID_STATUSES)[number];

import { inject } from 'vitest';
import { png, submitKycForm, validFields } from '../server/kyc-support';
import type { CreatedUser } from './browser-session';
import { operator } from './operator';

/**
 * Verifies `user` as a user and staff do: the KYC form sent with `validFields` (so the verified
 * name is `validFields.fullName`, the name a bank card must carry) and two images, then approved
 * through the operator CLI. Throws if the form is refused or no submission waits.
 */
export async function verifiedIdentity(user: CreatedUser): Promise<void> {
  const base = inject('baseURL');
  const cli = { port: inject('port'), dataDir: inject('dataDir') };
  const submitted = await submitKycForm(`${base}/ipxtrg-api/user/auth/submit`, user.userToken, validFields, {
    front: { bytes: png() },
    back: { bytes: png([0, 0, 255, 255]) },
  });
  const answer = (await submitted.json()) as { code: number; msg: string };
  if (answer.code !== 0) throw new Error(`KYC form refused: ${answer.msg}`);
  const pending = (await operator(['kyc', 'list', '--status', 'pending'], cli)) as {
    id: string;
    userId: string;
  }[];
  const submission = pending.find((s) => s.userId === user.userId);
  if (!submission) throw new Error(`no pending KYC submission for user ${user.userId}`);
  await operator(['kyc', 'approve', submission.id], cli);
}

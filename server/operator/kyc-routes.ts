import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { oneOf, rowId, text } from '../../domain/validation/fields';
import { sendMessage } from '../content/send';
import type { Db } from '../db/client';
import { kycSubmissions } from '../db/schema/kyc';
import { approveKyc, listKycSubmissions, rejectKyc } from '../kyc/review';
import { defineOperatorRoute } from './define';

/** Whose submission it is, so the outcome reaches them; null when there is no such submission. */
async function submissionOwner(db: Db, id: bigint): Promise<bigint | null> {
  const [row] = await db
    .select({ userId: kycSubmissions.userId })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, id));
  return row?.userId ?? null;
}

/** KYC review by staff; the user hears the outcome in their message centre. */
export const operatorKycRoutes = [
  defineOperatorRoute({
    path: 'kyc-list',
    action: 'kyc.list',
    input: z.object({ status: oneOf(['pending', 'succ', 'fail']).optional() }),
    run: async ({ db, input }) => listKycSubmissions(db, input.status ? { status: input.status } : {}),
  }),
  defineOperatorRoute({
    path: 'kyc-approve',
    action: 'kyc.approve',
    input: z.object({ id: rowId }),
    target: (input) => String(input.id),
    run: async ({ db, input }) => {
      const owner = await submissionOwner(db, input.id);
      await approveKyc(db, input.id);
      if (owner !== null) {
        await sendMessage(db, {
          userId: owner,
          title: { 'tr-TR': 'Kimliğiniz doğrulandı', 'en-US': 'Your identity is verified' },
          body: {
            'tr-TR': 'Kimlik doğrulamanız onaylandı. Kimlik gerektiren işlemleri artık yapabilirsiniz.',
            'en-US': 'Your identity verification was approved. Actions that need KYC are now open to you.',
          },
        });
      }
      return { id: String(input.id), status: 'succ' };
    },
  }),
  defineOperatorRoute({
    path: 'kyc-reject',
    action: 'kyc.reject',
    input: z.object({ id: rowId, reason: text({ max: 500 }) }),
    target: (input) => String(input.id),
    run: async ({ db, input }) => {
      const owner = await submissionOwner(db, input.id);
      await rejectKyc(db, input.id, input.reason);
      if (owner !== null) {
        await sendMessage(db, {
          userId: owner,
          title: {
            'tr-TR': 'Kimlik doğrulaması tamamlanamadı',
            'en-US': 'Identity verification not completed',
          },
          body: {
            'tr-TR': `Gerekçe: ${input.reason}. Bilgilerinizi düzeltip yeniden gönderebilirsiniz.`,
            'en-US': `Reason: ${input.reason}. You can correct your details and submit again.`,
          },
        });
      }
      return { id: String(input.id), status: 'fail', reason: input.reason };
    },
  }),
];

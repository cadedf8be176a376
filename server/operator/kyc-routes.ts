import { z } from 'zod';
import { oneOf, text } from '../../domain/validation/fields';
import { sendMessage } from '../content/send';
import { approveKyc, listKycSubmissions, rejectKyc } from '../kyc/review';
import { defineOperatorRoute } from './define';

const submissionId = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/, { error: 'NUMBER_FORMAT' });

async function submissionOwner(
  db: Parameters<typeof listKycSubmissions>[0],
  id: string,
): Promise<bigint | null> {
  const found = (await listKycSubmissions(db)).find((s) => s.id === id);
  return found ? BigInt(found.userId) : null;
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
    input: z.object({ id: submissionId }),
    target: (input) => input.id,
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
      return { id: input.id, status: 'succ' };
    },
  }),
  defineOperatorRoute({
    path: 'kyc-reject',
    action: 'kyc.reject',
    input: z.object({ id: submissionId, reason: text({ max: 500 }) }),
    target: (input) => input.id,
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
      return { id: input.id, status: 'fail', reason: input.reason };
    },
  }),
];

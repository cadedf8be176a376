import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { uploadedImage } from './image-columns';
import { rowId } from './columns';
import { userRef } from './user-ref';

/** KYC submissions (SPEC §3): none → pending → succ | fail (with a reason); resubmit after fail. */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: rowId(),
    userId: userRef(),
    /** id_card | driving_licence | passport */
    certType: text('cert_type').notNull(),
    fullName: text('full_name').notNull(),
    certNumber: text('cert_number').notNull(),
    taxId: text('tax_id').notNull(),
    frontImageId: text('front_image_id').notNull(),
    backImageId: text('back_image_id').notNull(),
    /** pending | succ | fail */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('kyc_submissions_user_idx').on(t.userId, t.submittedAt)],
);

/**
 * Identity images live in the database, never in a served folder; they are read only through
 * /user/auth/image by their owner, or by the operator.
 */
export const kycImages = pgTable('kyc_images', {
  ...uploadedImage(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { integer, text } from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { userRef } from './user-ref';

/**
 * An uploaded image (identity documents, chat attachments), kept in the database and never in a
 * served folder: its owner, the type sniffed from its bytes (server/kyc/sniff.ts), its size and
 * digest. The id is random (128 bits), so ids cannot be guessed or walked.
 */
export const uploadedImage = () => ({
  id: text('id').primaryKey(),
  userId: userRef(),
  /** image/jpeg | image/png | image/webp */
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
});

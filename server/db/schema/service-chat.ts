import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { SERVICE_SENDERS } from '../../../domain/protocol/service-chat';
import { uploadedImage } from './image-columns';
import { oneOfCheck } from './one-of';
import { rowId } from './columns';
import { userRef } from './user-ref';

/**
 * The built-in support chat (DECISIONS §3): one conversation per user with the
 * broker's staff, who answer through the operator CLI. `sender` is `user` or `agent`.
 */
export const serviceMessages = pgTable(
  'service_messages',
  {
    id: rowId(),
    userId: userRef(),
    sender: text('sender').notNull(),
    body: text('body').notNull().default(''),
    imageId: text('image_id'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('service_messages_user_idx').on(t.userId, t.id),
    oneOfCheck('service_messages_sender', t.sender, SERVICE_SENDERS),
  ],
);

/** A chat attachment: sniffed and limited as KYC images are (server/kyc/sniff.ts). */
export const serviceImages = pgTable('service_images', {
  ...uploadedImage(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

import { z } from 'zod';

import { pageOf } from './content';

/**
 * The built-in support chat on the wire (DECISIONS §3): used when `/common/config`
 * gives no chat-script URL. One conversation per user with the broker's staff, who answer
 * through the operator CLI. New messages (the user's own and staff replies) are pushed on the
 * private `messages` channel as `{ service: ServiceMessage }`, beside the message centre's events.
 * Images are attachments with the KYC upload rules (JPEG, PNG or WebP by their bytes, ≤ 5 MB).
 */
export const SERVICE_SENDERS = ['user', 'agent'] as const;
export const SERVICE_TEXT_MAX = 1000;

export const serviceMessageSchema = z.object({
  id: z.string(),
  sender: z.enum(SERVICE_SENDERS),
  text: z.string(),
  /** An attachment's id for GET /user/service/image, or null. */
  imageId: z.string().nullable(),
  at: z.number().int(),
});
export type ServiceMessage = z.infer<typeof serviceMessageSchema>;

export const serviceMessagePageSchema = pageOf(serviceMessageSchema);

/** What the private `messages` channel carries for the chat. */
export const serviceEventSchema = z.object({ service: serviceMessageSchema });

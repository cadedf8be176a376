import { z } from 'zod';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import {
  serviceMessagePageSchema,
  serviceMessageSchema,
  serviceMessagesRequestSchema,
} from '../../domain/protocol/service-chat';
import { KYC_IMAGE_TYPES } from '../kyc/sniff';
import { bytesAnswerSchema, defineRoute, type RouteDef } from '../http/route';
import { listServiceMessages, readServiceImage, sendUserMessage } from '../service-chat/chat';

const err = (key: ErrorKey) => ({ error: key });

/**
 * The built-in support chat (DECISIONS §3), used when no chat-script URL is set: the
 * conversation, sending (text and/or an image, KYC's upload rules), and the user's own
 * attachments. Staff answer through the operator CLI; new messages are pushed on the socket.
 */
export const serviceChatRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    path: '/user/service/messages',
    summary: 'The support conversation, newest first',
    tag: 'service',
    auth: 'user',
    input: serviceMessagesRequestSchema,
    output: serviceMessagePageSchema,
    handler: async ({ db, session, input }) => listServiceMessages(db, session.userId, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/service/send',
    summary:
      'Send a support message: text (form), or text and/or an image (multipart: JPEG, PNG or WebP, at most 5 MB)',
    tag: 'service',
    auth: 'user',
    body: 'form-or-multipart',
    input: z.object({
      text: z.string(err('FIELD_INVALID_TYPE')).optional(),
      image: z.file(err('FIELD_INVALID_TYPE')).optional(),
    }),
    output: serviceMessageSchema,
    handler: async ({ db, session, trading, input }) => {
      const image = input.image ? new Uint8Array(await input.image.arrayBuffer()) : undefined;
      return sendUserMessage(db, session.userId, { text: input.text, image }, trading.clock.now());
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/user/service/image',
    summary: 'One of the caller’s own chat attachments, as its bytes (added)',
    tag: 'service',
    auth: 'user',
    input: z.object({ id: z.string(err('FIELD_INVALID_TYPE')) }),
    output: bytesAnswerSchema,
    produces: KYC_IMAGE_TYPES,
    handler: async ({ db, session, input }) => {
      const image = await readServiceImage(db, session.userId, input.id);
      return {
        bytes: image.data,
        contentType: image.mime,
        headers: {
          'cache-control': 'private, max-age=86400',
          'x-content-type-options': 'nosniff',
          'content-disposition': 'inline',
        },
      };
    },
  }),
];

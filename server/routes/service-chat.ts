import { serviceChatEndpoints } from '../../domain/protocol/endpoints/service-chat';
import { implement, type RouteDef } from '../http/route';
import { listServiceMessages, readServiceImage, sendUserMessage } from '../service-chat/chat';

/**
 * The built-in support chat (DECISIONS §3), used when no chat-script URL is set: the
 * conversation, sending (text and/or an image, KYC's upload rules), and the user's own
 * attachments. Staff answer through the operator CLI; new messages are pushed on the socket.
 */
export const serviceChatRoutes: RouteDef[] = [
  implement(serviceChatEndpoints.messages, {
    summary: 'The support conversation, newest first',
    tag: 'service',
    handler: async ({ db, session, input }) => listServiceMessages(db, session.userId, input),
  }),
  implement(serviceChatEndpoints.send, {
    summary:
      'Send a support message: text (form), or text and/or an image (multipart: JPEG, PNG or WebP, at most 5 MB)',
    tag: 'service',
    handler: async ({ db, session, trading, input }) => {
      const image = input.image ? new Uint8Array(await input.image.arrayBuffer()) : undefined;
      return sendUserMessage(db, session.userId, { text: input.text, image }, trading.clock.now());
    },
  }),
  implement(serviceChatEndpoints.image, {
    summary: 'One of the caller’s own chat attachments, as its bytes (added)',
    tag: 'service',
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

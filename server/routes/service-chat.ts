import { serviceChatEndpoints } from '../../domain/protocol/endpoints/service-chat';
import { ownImageAnswer } from '../http/own-image';
import { implementAll } from '../http/route';
import { listServiceMessages, readServiceImage, sendUserMessage } from '../service-chat/chat';

/**
 * The built-in support chat (DECISIONS §3), used when no chat-script URL is set: the
 * conversation, sending (text and/or an image, KYC's upload rules), and the user's own
 * attachments. Staff answer through the operator CLI; new messages are pushed on the socket.
 */
export const serviceChatRoutes = implementAll(serviceChatEndpoints, 'service', {
  messages: {
    summary: 'The support conversation, newest first',
    handler: async ({ db, session, input }) => listServiceMessages(db, session.userId, input),
  },
  send: {
    summary:
      'Send a support message: text (form), or text and/or an image (multipart: JPEG, PNG or WebP, at most 5 MB)',
    handler: async ({ db, session, trading, input }) => {
      const image = input.image ? new Uint8Array(await input.image.arrayBuffer()) : undefined;
      return sendUserMessage(db, session.userId, { text: input.text, image }, trading.clock.now());
    },
  },
  image: {
    summary: 'One of the caller’s own chat attachments, as its bytes (added)',
    handler: async ({ db, session, input }) => {
      const image = await readServiceImage(db, session.userId, input.id);
      return ownImageAnswer(image.data, image.mime, 'private, max-age=86400');
    },
  },
});

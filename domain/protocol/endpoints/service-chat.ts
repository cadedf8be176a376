import { z } from 'zod';
import { pageRequestSchema } from '../../validation/fields';
import { bytesAnswerSchema, endpoint } from '../endpoint';
import { KYC_IMAGE_TYPES } from '../account';
import type { ErrorKey } from '../error-keys';
import { serviceMessagePageSchema, serviceMessageSchema } from '../service-chat';

const err = (key: ErrorKey) => ({ error: key });

export const serviceChatEndpoints = {
  /** The conversation, newest first (page 1 the latest). */
  messages: endpoint({
    method: 'POST',
    path: '/user/service/messages',
    auth: 'user',
    input: pageRequestSchema,
    output: serviceMessagePageSchema,
  }),
  send: endpoint({
    method: 'POST',
    path: '/user/service/send',
    auth: 'user',
    body: 'form-or-multipart',
    input: z.object({
      text: z.string(err('FIELD_INVALID_TYPE')).optional(),
      image: z.file(err('FIELD_INVALID_TYPE')).optional(),
    }),
    output: serviceMessageSchema,
  }),
  image: endpoint({
    method: 'GET',
    path: '/user/service/image',
    auth: 'user',
    input: z.object({ id: z.string(err('FIELD_INVALID_TYPE')) }),
    output: bytesAnswerSchema,
    produces: KYC_IMAGE_TYPES,
  }),
};

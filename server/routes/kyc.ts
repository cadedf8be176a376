import { z } from 'zod';
import { kycStateSchema } from '../../domain/protocol/account';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import { kycFieldsSchema } from '../../domain/validation/account';
import { bytesAnswerSchema, defineRoute } from '../http/route';
import { IMAGE_ID, readOwnKycImage } from '../kyc/images';
import { KYC_IMAGE_TYPES } from '../kyc/sniff';
import { kycState, submitKyc } from '../kyc/submissions';

const err = (key: ErrorKey) => ({ error: key });

/** An uploaded file; what it really is gets sniffed from its bytes in submitKyc. */
const imageFile = z.file(err('FIELD_INVALID_TYPE'));

/**
 * The KYC form: the text fields plus the two images, and nothing else. A name the form does
 * not have is refused by name (and the OpenAPI document says no other properties).
 */
const kycSubmitSchema = kycFieldsSchema
  .extend({ front: imageFile, back: imageFile })
  .catchall(z.custom<never>(() => false, err('FIELD_INVALID')).meta({ not: {} }));

export const kycRoutes = [
  defineRoute({
    method: 'GET',
    path: '/user/auth',
    summary: 'The KYC state (SPEC §4) and the latest submission, numbers masked',
    tag: 'kyc',
    auth: 'user',
    input: z.object({}),
    output: kycStateSchema,
    handler: ({ db, session }) => kycState(db, session.userId),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/auth/submit',
    summary:
      'Submit KYC: document fields and the front and back images (JPEG, PNG or WebP, at most 5 MB each); allowed when not verified and not under review',
    tag: 'kyc',
    auth: 'user',
    body: 'multipart',
    input: kycSubmitSchema,
    output: kycStateSchema,
    handler: async ({ db, session, input }) => {
      const [front, back] = await Promise.all([input.front.bytes(), input.back.bytes()]);
      await submitKyc(db, session.userId, { ...input, front, back });
      return kycState(db, session.userId);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/user/auth/image',
    summary: 'One of the caller’s own KYC images, as its bytes',
    tag: 'kyc',
    auth: 'user',
    input: z.object({ id: z.string(err('FIELD_INVALID_TYPE')).regex(IMAGE_ID, err('FIELD_INVALID')) }),
    output: bytesAnswerSchema,
    produces: KYC_IMAGE_TYPES,
    handler: async ({ db, session, input }) => {
      const image = await readOwnKycImage(db, session.userId, input.id);
      return {
        bytes: image.bytes,
        contentType: image.mime,
        headers: {
          // An identity document: never cached, never sniffed into something else, never a download.
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
          'content-disposition': 'inline',
        },
      };
    },
  }),
];

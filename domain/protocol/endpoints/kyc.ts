import { z } from 'zod';
import { bytesAnswerSchema, endpoint } from '../endpoint';
import { IMAGE_ID, KYC_IMAGE_TYPES, kycStateSchema } from '../account';
import type { ErrorKey } from '../error-keys';
import { kycFieldsSchema } from '../../validation/account';

const err = (key: ErrorKey) => ({ error: key });

/** An uploaded file; what it really is gets sniffed from its bytes by the server. */
const imageFile = z.file(err('FIELD_INVALID_TYPE'));

/**
 * The KYC form: the text fields plus the two images, and nothing else. A name the form does
 * not have is refused by name (and the OpenAPI document says no other properties).
 */
const kycSubmitSchema = kycFieldsSchema
  .extend({ front: imageFile, back: imageFile })
  .catchall(z.custom<never>(() => false, err('FIELD_INVALID')).meta({ not: {} }));

/** Identity verification (SPEC §4): its state, the submission, one's own images. */
export const kycEndpoints = {
  state: endpoint({
    method: 'GET',
    path: '/user/auth',
    auth: 'user',
    input: z.object({}),
    output: kycStateSchema,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/user/auth/submit',
    auth: 'user',
    body: 'multipart',
    input: kycSubmitSchema,
    output: kycStateSchema,
  }),
  image: endpoint({
    method: 'GET',
    path: '/user/auth/image',
    auth: 'user',
    input: z.object({ id: z.string(err('FIELD_INVALID_TYPE')).regex(IMAGE_ID, err('FIELD_INVALID')) }),
    output: bytesAnswerSchema,
    produces: KYC_IMAGE_TYPES,
  }),
};

import { kycEndpoints } from '../../domain/protocol/endpoints/kyc';
import { ownImageAnswer } from '../http/own-image';
import { implementAll } from '../http/route';
import { readOwnKycImage } from '../kyc/images';
import { kycState, submitKyc } from '../kyc/submissions';

export const kycRoutes = implementAll(kycEndpoints, 'kyc', {
  state: {
    summary: 'The KYC state (SPEC §4) and the latest submission, numbers masked',
    handler: ({ db, session }) => kycState(db, session.userId),
  },
  submit: {
    summary:
      'Submit KYC: document fields and the front and back images (JPEG, PNG or WebP, at most 5 MB each); allowed when not verified and not under review',
    handler: async ({ db, session, input }) => {
      const [front, back] = await Promise.all([input.front.bytes(), input.back.bytes()]);
      await submitKyc(db, session.userId, { ...input, front, back });
      return kycState(db, session.userId);
    },
  },
  image: {
    summary: 'One of the caller’s own KYC images, as its bytes',
    handler: async ({ db, session, input }) => {
      const image = await readOwnKycImage(db, session.userId, input.id);
      // An identity document: never cached.
      return ownImageAnswer(image.bytes, image.mime, 'private, no-store');
    },
  },
});

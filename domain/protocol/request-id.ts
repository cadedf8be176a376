import { z } from 'zod';

/**
 * Optional idempotency key of a money-moving request other than an order (those carry a
 * `clientOrderId`): made once per intent by the client and sent again with a retry, so a retry
 * after a lost answer gets the first answer back instead of moving the money twice.
 * 8–64 letters, digits, `-` and `_` (a UUID fits).
 */
export const requestIdField = z
  .string({ error: 'FIELD_INVALID_TYPE' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'FIELD_INVALID' });

/** Spread into a request schema's shape: `z.object({ ...withRequestId, … })`. */
export const withRequestId = { requestId: requestIdField.optional() };

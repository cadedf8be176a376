import { z } from 'zod';
import { endpoint } from '../endpoint';
import { decimal, epochMs, idRequestSchema, rowId, symbolField } from '../../validation/fields';

/**
 * A price a line can stand at: a canonical decimal above zero. The wire's decimals are finite by
 * their form, so no NaN or Infinity reaches the store.
 */
const linePrice = decimal({ maxLength: 30 }).refine(
  (value) => !value.startsWith('-') && /[1-9]/.test(value),
  { error: 'FIELD_INVALID' },
);

const common = {
  /** Given: that drawing is moved (the user's own, on this symbol); absent: a new one. */
  id: rowId.optional(),
  symbol: symbolField,
};

/** A horizontal line at `price`, or a trend line from (`time`, `price`) to (`time2`, `price2`). */
export const drawingSaveSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...common, kind: z.literal('hline'), price: linePrice }),
    z.object({
      ...common,
      kind: z.literal('trend'),
      price: linePrice,
      time: epochMs,
      price2: linePrice,
      time2: epochMs,
    }),
  ],
  { error: 'FIELD_INVALID' },
);

export const drawingSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  kind: z.enum(['hline', 'trend']),
  price: z.string(),
  time: z.number().nullable(),
  price2: z.string().nullable(),
  time2: z.number().nullable(),
});
export type DrawingRow = z.infer<typeof drawingSchema>;

/**
 * (added) Lines a user draws on a chart, kept per user and symbol on the server so they follow
 * the user to another device; the spec has no such calls.
 */
export const drawingEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/user/drawing/list',
    auth: 'user',
    input: z.object({ symbol: symbolField }),
    output: z.object({ list: z.array(drawingSchema) }),
  }),
  save: endpoint({
    method: 'POST',
    path: '/user/drawing/save',
    auth: 'user',
    input: drawingSaveSchema,
    output: drawingSchema,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/user/drawing/delete',
    auth: 'user',
    input: idRequestSchema,
    output: z.object({ id: z.string(), deleted: z.boolean() }),
  }),
};

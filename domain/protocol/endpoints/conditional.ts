import { idRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import { conditionalModifySchema } from '../order-modify';
import {
  conditionalAddAnswerSchema,
  conditionalAddSchema,
  conditionalCancelAnswerSchema,
  conditionalListSchema,
  conditionalPageSchema,
} from '../conditional';

/** Conditional orders under one wallet's path: place, list, modify, cancel. */
function conditionalOf(prefix: '/stock/order/conditional' | '/coin/order/conditional') {
  return {
    add: endpoint({
      method: 'POST',
      path: `${prefix}/add`,
      auth: 'user',
      input: conditionalAddSchema,
      idempotent: true,
      output: conditionalAddAnswerSchema,
    }),
    list: endpoint({
      method: 'POST',
      path: `${prefix}/list`,
      auth: 'user',
      input: conditionalListSchema,
      output: conditionalPageSchema,
    }),
    /** Moves a waiting order's trigger, limit or trailing offset; answers its group's legs. */
    modify: endpoint({
      method: 'POST',
      path: `${prefix}/modify`,
      auth: 'user',
      input: conditionalModifySchema,
      idempotent: true,
      output: conditionalAddAnswerSchema,
    }),
    /** Cancels one order, with its pair's other leg. */
    cancel: endpoint({
      method: 'POST',
      path: `${prefix}/cancel`,
      auth: 'user',
      input: idRequestSchema,
      output: conditionalCancelAnswerSchema,
    }),
  };
}

/** Conditional orders on BIST stocks and coin spot: the same calls under each wallet's path. */
export const stockConditionalEndpoints = conditionalOf('/stock/order/conditional');
export const coinConditionalEndpoints = conditionalOf('/coin/order/conditional');

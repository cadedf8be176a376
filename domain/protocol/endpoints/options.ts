import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  optionApplyAnswerSchema,
  optionApplyRequestSchema,
  optionListRequestSchema,
  optionPositionPageSchema,
  optionRuleRequestSchema,
  optionRuleSchema,
  optionStatisticsSchema,
} from '../options';

export const optionEndpoints = {
  rule: endpoint({
    method: 'GET',
    path: '/stock/index/option/rule',
    auth: 'none',
    input: optionRuleRequestSchema,
    output: optionRuleSchema,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/stock/order/option/apply',
    auth: 'user',
    input: optionApplyRequestSchema,
    idempotent: true,
    output: optionApplyAnswerSchema,
  }),
  positions: endpoint({
    method: 'GET',
    path: '/stock/order/option/list',
    auth: 'user',
    input: optionListRequestSchema,
    output: optionPositionPageSchema,
  }),
  statistics: endpoint({
    method: 'GET',
    path: '/stock/order/option/statistics',
    auth: 'user',
    input: z.object({}),
    output: optionStatisticsSchema,
  }),
};

import { z } from 'zod';
import { endpoint, facet } from '../endpoint';
import {
  optionApplyAnswerSchema,
  optionApplyRequestSchema,
  optionBuyRequestSchema,
  optionCloseRequestSchema,
  optionPositionSchema,
  optionQuoteBuyRequestSchema,
  optionQuoteCloseRequestSchema,
  optionQuoteSchema,
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

/**
 * As a client calls it: a quote's terms answer a quote, a buy or a
 * close answers the position.
 */
export const optionApplyFacets = {
  quote: facet(optionEndpoints.apply, {
    input: z.discriminatedUnion('side', [optionQuoteBuyRequestSchema, optionQuoteCloseRequestSchema]),
    output: optionQuoteSchema,
  }),
  trade: facet(optionEndpoints.apply, {
    input: z.discriminatedUnion('action', [optionBuyRequestSchema, optionCloseRequestSchema]),
    output: optionPositionSchema,
  }),
};

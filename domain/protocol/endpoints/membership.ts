import { z } from 'zod';
import { pageRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import {
  adviceListSchema,
  creditLogSchema,
  pollPageSchema,
  pollSchema,
  vipBuyRequestSchema,
  vipStatusSchema,
  voteRequestSchema,
} from '../membership';

export const membershipEndpoints = {
  vip: endpoint({
    method: 'GET',
    path: '/user/vip/get',
    auth: 'user',
    input: z.object({}),
    output: vipStatusSchema,
  }),
  /**
   * The spec's GET, kept so its path is served, but it buys nothing: a query string ends up in
   * history, logs and Referer headers, so the trade password never rides in one. Whatever it is
   * sent (a right PIN too) it answers USE_POST; `buy` below is the purchase.
   */
  buyByQuery: endpoint({
    method: 'GET',
    path: '/user/vip/buy',
    auth: 'user',
    input: z.object({}),
    output: vipStatusSchema,
  }),
  buy: endpoint({
    method: 'POST',
    path: '/user/vip/buy',
    auth: 'user',
    input: vipBuyRequestSchema,
    output: vipStatusSchema,
  }),
  polls: endpoint({
    method: 'GET',
    path: '/index/vote/info',
    auth: 'user',
    input: pageRequestSchema,
    output: pollPageSchema,
  }),
  vote: endpoint({
    method: 'POST',
    path: '/vote',
    auth: 'user',
    input: voteRequestSchema,
    output: pollSchema,
  }),
  /** The score, the rule it follows, and its changes, newest first. */
  creditLog: endpoint({
    method: 'POST',
    path: '/user/point/change/log',
    auth: 'user',
    input: pageRequestSchema,
    output: creditLogSchema,
  }),
  advice: endpoint({
    method: 'GET',
    path: '/stock/advice/list',
    auth: 'user',
    input: z.object({}),
    output: adviceListSchema,
  }),
};

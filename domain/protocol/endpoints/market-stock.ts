import { z } from 'zod';
import { endpoint } from '../endpoint';
import { int, oneOf, paging, symbolField, text } from '../../validation/fields';
import { pageOf } from '../content';
import {
  countryListSchema,
  indicesAnswerSchema,
  searchHitSchema,
  stockInfoSchema,
  stockListSortSchema,
  stockQuoteSchema,
} from '../market';

export const marketStockEndpoints = {
  indices: endpoint({
    method: 'GET',
    path: '/stock/index/indices/list',
    auth: 'none',
    input: z.object({}),
    output: indicesAnswerSchema,
  }),
  countries: endpoint({
    method: 'GET',
    path: '/stock/index/country/list',
    auth: 'none',
    input: z.object({}),
    output: countryListSchema,
  }),
  hot: endpoint({
    method: 'GET',
    path: '/stock/index/list/hot',
    auth: 'none',
    input: z.object({ size: int({ min: 1, max: 50 }).default(10) }),
    output: z.object({ list: z.array(stockQuoteSchema) }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/stock/index/list',
    auth: 'none',
    input: z.object({
      ...paging,
      sort: stockListSortSchema.default('symbol'),
      order: oneOf(['asc', 'desc']).default('asc'),
      market: oneOf(['stock', 'index']).optional(),
    }),
    output: pageOf(stockQuoteSchema),
  }),
  search: endpoint({
    method: 'GET',
    path: '/stock/index/search',
    auth: 'none',
    input: z.object({ keyword: text({ max: 20 }) }),
    output: z.object({ list: z.array(searchHitSchema) }),
  }),
  info: endpoint({
    method: 'GET',
    path: '/stock/index/info',
    auth: 'none',
    input: z.object({ symbol: symbolField }),
    output: stockInfoSchema,
  }),
};

import { z } from 'zod';
import { endpoint } from '../endpoint';
import { hotRoute, indicesRoute, searchRoute, stockInfoRoute, stockListRoute } from './first-load';
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
    ...indicesRoute,
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
    ...hotRoute,
    auth: 'none',
    input: z.object({ size: int({ min: 1, max: 50 }).default(10) }),
    output: z.object({ list: z.array(stockQuoteSchema) }),
  }),
  list: endpoint({
    ...stockListRoute,
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
    ...searchRoute,
    auth: 'none',
    input: z.object({ keyword: text({ max: 20 }) }),
    output: z.object({ list: z.array(searchHitSchema) }),
  }),
  info: endpoint({
    ...stockInfoRoute,
    auth: 'none',
    input: z.object({ symbol: symbolField }),
    output: stockInfoSchema,
  }),
};

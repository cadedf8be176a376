import { endpoint } from '../endpoint';
import { exchangeAnswerSchema, exchangeRequestSchema } from '../exchange';

export const exchangeEndpoints = {
  exchange: endpoint({
    method: 'POST',
    path: '/user/exchange',
    auth: 'user',
    input: exchangeRequestSchema,
    idempotent: true,
    output: exchangeAnswerSchema,
  }),
};

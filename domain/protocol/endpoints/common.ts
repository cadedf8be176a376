import { z } from 'zod';
import { endpoint } from '../endpoint';
import { appConfigSchema } from '../user';

export const commonEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/common/config',
    auth: 'none',
    input: z.object({}),
    output: appConfigSchema,
  }),
};

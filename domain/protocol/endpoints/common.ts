import { z } from 'zod';
import { endpoint } from '../endpoint';
import { configRoute } from './first-load';
import { appConfigSchema } from '../user';

export const commonEndpoints = {
  config: endpoint({
    ...configRoute,
    auth: 'none',
    input: z.object({}),
    output: appConfigSchema,
  }),
};

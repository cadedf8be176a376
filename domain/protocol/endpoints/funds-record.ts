import { endpoint } from '../endpoint';
import { txRecordPageSchema, txRecordRequestSchema } from '../trading';

export const fundsRecordEndpoints = {
  txRecord: endpoint({
    method: 'GET',
    path: '/user/tx/record',
    auth: 'user',
    input: txRecordRequestSchema,
    output: txRecordPageSchema,
  }),
};

import { txRecordPageSchema, txRecordRequestSchema } from '../../domain/protocol/trading';
import { defineRoute, type RouteDef } from '../http/route';
import { txRecords } from '../trading/spot/tx-record';

export const fundsRecordRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/user/tx/record',
    summary: 'Funds detail from the ledger: net change per transaction and wallet currency, newest first',
    tag: 'assets',
    auth: 'user',
    input: txRecordRequestSchema,
    output: txRecordPageSchema,
    handler: ({ db, session, input }) => txRecords(db, session, input),
  }),
];

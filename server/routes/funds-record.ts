import { fundsRecordEndpoints } from '../../domain/protocol/endpoints/funds-record';
import { implement, type RouteDef } from '../http/route';
import { txRecords } from '../trading/spot/tx-record';

export const fundsRecordRoutes: RouteDef[] = [
  implement(fundsRecordEndpoints.txRecord, {
    summary: 'Funds detail from the ledger: net change per transaction and wallet currency, newest first',
    tag: 'assets',
    handler: ({ db, session, input }) => txRecords(db, session, input),
  }),
];

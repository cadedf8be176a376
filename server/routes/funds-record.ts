import { fundsRecordEndpoints } from '../../domain/protocol/endpoints/funds-record';
import { implementAll } from '../http/route';
import { txRecords } from '../trading/spot/tx-record';

export const fundsRecordRoutes = implementAll(fundsRecordEndpoints, 'assets', {
  txRecord: {
    summary: 'Funds detail from the ledger: net change per transaction and wallet currency, newest first',
    handler: ({ db, session, input }) => txRecords(db, session, input),
  },
});

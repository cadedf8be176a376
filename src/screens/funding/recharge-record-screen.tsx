import { DepositRecords } from './deposit-records';

/** /pages/recharge/rechargeRecord: deposits of every kind, crypto included. */
export default function RechargeRecordScreen() {
  return <DepositRecords scope="all" />;
}

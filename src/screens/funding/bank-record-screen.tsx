import { DepositRecords } from './deposit-records';

/** /pages/recharge/bankRecord (the drawer's "recharge record"): bank and offline deposits. */
export default function BankRecordScreen() {
  return <DepositRecords scope="bank" />;
}

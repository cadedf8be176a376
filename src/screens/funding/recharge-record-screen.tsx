import { DepositRecords } from './deposit-records';

/**
 * /pages/recharge/rechargeRecord: the TRY deposits (bank and offline, all that GET
 * /user/recharge/order answers), with the way to the crypto deposit records.
 */
export default function RechargeRecordScreen() {
  return <DepositRecords scope="try" />;
}

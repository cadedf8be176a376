import { DepositScreen } from './deposit-screen';

/** /pages/recharge/offlineRecharge (?channel=id): the same transfer, reported with its receipt image. */
export default function OfflineRechargeScreen() {
  return <DepositScreen method="offline" />;
}

import { DepositScreen } from './deposit-screen';

/** /pages/recharge/bankRecharge (?channel=id): a bank transfer the user makes, then reports. */
export default function BankRechargeScreen() {
  return <DepositScreen method="bank" />;
}

import { ExchangeScreen } from './exchange-form';

/** /pages/exchange/exchange: any pair the broker offers, both currencies picked by the user. */
export default function GeneralExchangeScreen() {
  return <ExchangeScreen mode="any" />;
}

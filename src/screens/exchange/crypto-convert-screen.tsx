import { ExchangeScreen } from './exchange-form';

/** /pages/exchange/cryptoConvert: one coin into another inside the currency account (USDT included). */
export default function CryptoConvertScreen() {
  return <ExchangeScreen mode="crypto" />;
}

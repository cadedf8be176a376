import { ExchangeScreen } from './exchange-form';

/** /pages/exchange/stock: TRY in the stock account ↔ USDT in the currency account. */
export default function StockExchangeScreen() {
  return <ExchangeScreen mode="stock" />;
}

import './namespace';
import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { ExchangeForm } from './exchange-form';

/** /pages/exchange/stock: TRY in the stock account ↔ USDT in the currency account. */
export default function StockExchangeScreen() {
  const { t } = useTranslation('exchange');
  return (
    <Screen className="exchange-screen">
      <Navbar title={t('title.stock')} />
      <div className="screen__body">
        <ExchangeForm mode="stock" />
      </div>
    </Screen>
  );
}

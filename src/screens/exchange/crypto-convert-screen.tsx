import './namespace';
import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { ExchangeForm } from './exchange-form';

/** /pages/exchange/cryptoConvert: one coin into another inside the currency account (USDT included). */
export default function CryptoConvertScreen() {
  const { t } = useTranslation('exchange');
  return (
    <Screen className="exchange-screen">
      <Navbar title={t('title.crypto')} />
      <div className="screen__body">
        <ExchangeForm mode="crypto" />
      </div>
    </Screen>
  );
}

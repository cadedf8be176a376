import './namespace';
import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { ExchangeForm } from './exchange-form';

/** /pages/exchange/exchange: any pair the broker offers, both currencies picked by the user. */
export default function GeneralExchangeScreen() {
  const { t } = useTranslation('exchange');
  return (
    <Screen className="exchange-screen">
      <Navbar title={t('title.any')} />
      <div className="screen__body">
        <ExchangeForm mode="any" />
      </div>
    </Screen>
  );
}

import './namespace';
import '../../styles/coin-funding.css';
import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { RecordsHub } from './records-hub';

/** /pages/withdraw/recordIndex: the records hub (deposits and withdrawals, bank and crypto). */
export default function RecordIndexScreen() {
  const { t } = useTranslation('coinFunding');
  return (
    <Screen>
      <Navbar title={t('record_hub.title')} />
      <div className="screen__body">
        <RecordsHub />
      </div>
    </Screen>
  );
}

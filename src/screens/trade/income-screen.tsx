import './namespace';
import { useTranslation } from 'react-i18next';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';

// Placeholder until its work lands.
export default function IncomeScreen() {
  const { t } = useTranslation('trade');
  return (
    <Screen>
      <Navbar title={t('title')} />
    </Screen>
  );
}

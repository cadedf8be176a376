import './namespace';
import { useTranslation } from 'react-i18next';

/** The contract ticket and open positions inside the Trade tab (placeholder until the contracts work lands). */
export default function ContractPanel() {
  const { t } = useTranslation('contract');
  return <section data-testid="contract-panel">{t('title')}</section>;
}

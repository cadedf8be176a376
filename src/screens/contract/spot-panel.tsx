import './namespace';
import { useTranslation } from 'react-i18next';

/** The coin spot ticket inside the Trade tab (placeholder until the contracts work lands). */
export default function SpotPanel() {
  const { t } = useTranslation('contract');
  return <section data-testid="spot-panel">{t('title')}</section>;
}

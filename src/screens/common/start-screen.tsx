import { useEffect } from 'react';
import { useTranslation } from '../../i18n/hook';
import { BrandMark } from '../../components/brand-mark';
import { Screen } from '../../components/screen';
import { navigate } from '../../paths/navigation';
import { readStored } from '../../state/persisted';

/** Long enough to register the brand, short enough not to be in the way. */
export const SPLASH_MS = 600;

export default function StartScreen() {
  const { t } = useTranslation();

  useEffect(() => {
    // Replace: back from the first real screen must not land on the splash again.
    const timer = setTimeout(() => navigate(readStored('systemRouter'), { replace: true }), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Screen className="start-screen">
      <BrandMark size={88} />
      <h1 className="start-screen__name">{t('app_name')}</h1>
      <p className="start-screen__tagline">{t('tagline')}</p>
    </Screen>
  );
}

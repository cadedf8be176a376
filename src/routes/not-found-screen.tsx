import { useTranslation } from '../i18n/hook';
import { Navbar } from '../components/navbar';
import { HOME_PATH, navigate } from '../paths/navigation';
import { Button } from '../components/button';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen" data-screen="not-found">
      <Navbar title={t('not_found.nav_title')} />
      <div className="state-message">
        <h2 className="state-message__title">{t('not_found.title')}</h2>
        <p className="state-message__body">{t('not_found.body')}</p>
        <Button look="primary" testId="not-found-home" onClick={() => navigate(HOME_PATH)}>
          {t('action.go_home')}
        </Button>
      </div>
    </div>
  );
}

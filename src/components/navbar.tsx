import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/hook';
import { goBack } from '../paths/navigation';
import { BackIcon } from './icons';

/** The 44 px top bar of a pushed screen: back, title, optional action on the right. */
export function Navbar({ title, right, back = true }: { title: string; right?: ReactNode; back?: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="navbar">
      <div className="navbar__side">
        {back && (
          <button
            type="button"
            className="icon-button"
            data-testid="nav-back"
            aria-label={t('action.back')}
            onClick={goBack}
          >
            <BackIcon />
          </button>
        )}
      </div>
      <h1 className="navbar__title">{title}</h1>
      <div className="navbar__side navbar__side--end">{right}</div>
    </header>
  );
}

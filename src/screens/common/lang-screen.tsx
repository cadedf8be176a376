import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { LOCALES } from '../../../domain/format/locale';
import { CheckIcon } from '../../components/icons';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { prefs, setLanguage } from '../../state/prefs';

export default function LangScreen() {
  const { t } = useTranslation();
  const { lang } = useSnapshot(prefs);
  return (
    <Screen>
      <Navbar title={t('screen.lang')} />
      <div className="screen__body">
        <div className="option-list" role="radiogroup" aria-label={t('screen.lang')}>
          {LOCALES.map((locale) => {
            const checked = locale === lang;
            return (
              <button
                key={locale}
                type="button"
                role="radio"
                aria-checked={checked}
                className="option-list__row"
                data-testid={`lang-${locale}`}
                onClick={() => setLanguage(locale)}
              >
                {/* Each language is named in itself, so it can be found whatever is selected. */}
                <span lang={locale}>{t(`language_name.${locale}`)}</span>
                {checked && <CheckIcon className="option-list__check" />}
              </button>
            );
          })}
        </div>
        <p className="hint">{t('lang.hint')}</p>
      </div>
    </Screen>
  );
}

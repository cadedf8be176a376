import '../../i18n/pages';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/hook';
import { Segmented } from '../../components/form/segmented';
import { Icon } from '../../components/icons';
import { prefs, setTheme } from '../../state/prefs';
import { THEME_SETTINGS } from '../../state/theme-kinds';

/** Half a disc: light and dark side by side (kept here, off the first load); square-cornered. */
function ThemeIcon() {
  return (
    <Icon strokeLinecap="butt" strokeLinejoin="miter">
      <circle cx="12" cy="12" r="8" />
      <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor" />
    </Icon>
  );
}

/**
 * The appearance setting, chosen in place on the Mine tab (one tap, no screen to open): follow
 * the system's light or dark, or keep one. Stored on the device like the language.
 */
export function ThemeChoice() {
  const { t } = useTranslation('content');
  const { theme } = useSnapshot(prefs);
  return (
    <li className="theme-choice">
      <span className="mine-rows__icon" aria-hidden="true">
        <ThemeIcon />
      </span>
      <span className="link-list__label">{t('mine.rows.theme')}</span>
      <Segmented
        label={t('mine.rows.theme')}
        value={theme}
        options={THEME_SETTINGS.map((setting) => ({
          value: setting,
          label: t(`mine.theme.${setting}`),
          testId: `theme-${setting}`,
        }))}
        onChange={setTheme}
      />
    </li>
  );
}

import '../../i18n-pages';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n-hook';
import { Segmented } from '../../components/form/segmented';
import { prefs, setTheme } from '../../state/prefs';
import { THEME_SETTINGS } from '../../state/theme-kinds';

/** Half a disc: light and dark side by side (icons.tsx's shape, kept here off the first load). */
function ThemeIcon() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="8" />
      <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor" />
    </svg>
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

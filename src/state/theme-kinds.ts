/**
 * The appearance setting (stored as `theme`): follow the system's light or dark, or keep one.
 * index.html's first script reads the same key and values before the first paint; keep them in step.
 */
export const THEME_SETTINGS = ['system', 'light', 'dark'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];

/** The palette on screen: the setting, or the system's choice when the setting is "system". */
export type ShownTheme = 'light' | 'dark';

export function shownTheme(setting: ThemeSetting, systemIsLight: boolean): ShownTheme {
  if (setting !== 'system') return setting;
  return systemIsLight ? 'light' : 'dark';
}

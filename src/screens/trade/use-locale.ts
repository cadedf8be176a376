import { useSnapshot } from 'valtio';
import type { Locale } from '../../../domain/format/locale';
import { prefs } from '../../state/prefs';

/** The language figures are formatted in; a switch re-renders the caller. */
export function useLocale(): Locale {
  return useSnapshot(prefs).lang;
}

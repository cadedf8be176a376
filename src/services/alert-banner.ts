import enEntry from '../../locales/en-US/alerts-entry.json';
import trEntry from '../../locales/tr-TR/alerts-entry.json';
import type { Locale } from '../../domain/format/locale';
import { formatDecimal } from '../../domain/format/number';
import { parseAlertFired, type AlertFired } from '../../domain/protocol/alert-fired';
import { i18n } from '../i18n/setup';
import { addNamespace } from '../i18n/namespace';
import { onPrivateEvent } from '../market/private-events';
import { prefs } from '../state/prefs';
import { showToast } from './toast';

addNamespace('alertsEntry', { 'tr-TR': trEntry, 'en-US': enEntry });

/** Long enough to read a symbol and two prices. */
const BANNER_MS = 6000;

const shown = (value: string, lang: Locale) =>
  formatDecimal(value, lang, { decimals: value.split('.')[1]?.length ?? 0 });

/** "THYAO reached 312,5 (now 312,75)": the banner of an alert that just fired. */
export function firedText(fired: AlertFired, lang: Locale): string {
  return i18n.getFixedT(lang, 'alertsEntry')(`banner.${fired.kind}`, {
    symbol: fired.symbol,
    threshold: shown(fired.threshold, lang),
    figure: shown(fired.figure, lang),
  });
}

let listening = false;

/**
 * Shows each alert that fires while the app is open as a banner, on whatever screen, from the
 * first time the signed-in Mine tab (where the alerts rows are) was opened, for the rest of the
 * visit. Kept off the first load, whose budget is spent.
 */
export function listenForAlerts(): void {
  if (listening) return;
  listening = true;
  onPrivateEvent('alerts', (data) => {
    const fired = parseAlertFired(data);
    if (!fired) return;
    showToast(firedText(fired, prefs.lang), BANNER_MS);
  });
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isLocale, LOCALES, type Locale } from '../../domain/format/locale';
import { formatAllDigits } from '../../domain/format/number';
import type { AlertFired } from '../../domain/protocol/alert-fired';
import { ROOT } from '../paths';

type Texts = Record<string, { title: string; body: string }>;

/** The alerts screens' own texts (locales/<lang>/alerts.json): the push says what the banner says. */
function load(locale: Locale): Texts {
  const file = path.join(ROOT, 'locales', locale, 'alerts.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { push: Texts }).push;
}
const texts = Object.fromEntries(LOCALES.map((l) => [l, load(l)])) as Record<Locale, Texts>;

/** The notification's title and body for a fired alert, in the subscriber's language. */
export function pushText(fired: AlertFired & { windowMinutes: number | null }, language: string) {
  const locale: Locale = isLocale(language) ? language : 'tr-TR';
  const template = texts[locale][fired.kind] ?? { title: fired.symbol, body: '' };
  const params: Record<string, string> = {
    symbol: fired.symbol,
    threshold: formatAllDigits(fired.threshold, locale),
    figure: formatAllDigits(fired.figure, locale),
    window: String(fired.windowMinutes ?? ''),
  };
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
  return { title: fill(template.title), body: fill(template.body) };
}

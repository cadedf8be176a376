import type { Locale } from '../../domain/format/locale';
import { addTexts } from './deferred-texts';
import { i18n } from './setup';
import './errors-screens';

/**
 * Adds a namespace that ships with its screens' chunk instead of the first load (the initial
 * JS budget, scripts/bundle-budget.mjs). A screen module calls this at import time, before it
 * renders, so its first render is translated. In a build, the language the user does not read
 * is a placeholder fetched on a switch (./deferred-texts.ts). Types come from src/i18n/i18next.d.ts.
 */
export function addNamespace(ns: string, bundles: Record<Locale, Record<string, unknown>>): void {
  for (const [lng, resources] of Object.entries(bundles))
    if (!i18n.hasResourceBundle(lng, ns)) addTexts(i18n, lng, ns, resources);
}

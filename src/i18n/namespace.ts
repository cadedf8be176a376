import type { Locale } from '../../domain/format/locale';
import { i18n } from './setup';
import './errors-screens';

/**
 * Adds a namespace that ships with its screens' chunk instead of the first load (the initial
 * JS budget, scripts/bundle-budget.mjs). A screen module calls this at import time, before it
 * renders, so its first render is translated. Types come from src/i18n/i18next.d.ts.
 */
export function addNamespace(ns: string, bundles: Record<Locale, Record<string, unknown>>): void {
  for (const [lng, resources] of Object.entries(bundles))
    if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, resources, true, false);
}

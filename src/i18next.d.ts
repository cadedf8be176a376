import type { resources } from './i18n';

// Typed keys: a t('…') call with a key missing from the Turkish texts fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['tr-TR'];
  }
}

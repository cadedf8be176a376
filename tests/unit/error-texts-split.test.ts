import { describe, expect, it } from 'vitest';
import trAll from '../../locales/tr-TR/errors.json';
import enAll from '../../locales/en-US/errors.json';
import trFirst from '../../locales/tr-TR/errors.json?part=first';
import trScreens from '../../locales/tr-TR/errors.json?part=screens';
import enFirst from '../../locales/en-US/errors.json?part=first';
import enScreens from '../../locales/en-US/errors.json?part=screens';
import { isScreenErrorKey } from '../../domain/protocol/screen-error-keys';
import trCommonAll from '../../locales/tr-TR/common.json';
import enCommonAll from '../../locales/en-US/common.json';
import trCommonFirst from '../../locales/tr-TR/common.json?part=first';
import trCommonPages from '../../locales/tr-TR/common.json?part=pages';
import enCommonFirst from '../../locales/en-US/common.json?part=first';
import enCommonPages from '../../locales/en-US/common.json?part=pages';
import trContentAll from '../../locales/tr-TR/content.json';
import enContentAll from '../../locales/en-US/content.json';
import trContentFirst from '../../locales/tr-TR/content.json?part=first';
import trContentPages from '../../locales/tr-TR/content.json?part=pages';
import enContentFirst from '../../locales/en-US/content.json?part=first';
import enContentPages from '../../locales/en-US/content.json?part=pages';
import { PAGE_TEXT_GROUPS } from '../../domain/protocol/text-groups';

/**
 * The error texts are split at build time (vite-plugins/error-texts.ts): what any screen may show
 * ships with the first load, the product screens' own with their chunks. Nothing may be lost or
 * doubled, and a product screen must find its texts once its namespace is registered.
 */
describe('error texts split between the first load and the product screens', () => {
  it.each([
    ['tr-TR', trAll, trFirst, trScreens],
    ['en-US', enAll, enFirst, enScreens],
  ] as const)('%s: the two parts are the whole file, without overlap', (_lang, all, first, screens) => {
    expect({ ...first, ...screens }).toEqual(all);
    expect(Object.keys(first).filter((key) => key in screens)).toEqual([]);
    expect(Object.keys(first).some(isScreenErrorKey)).toBe(false);
    expect(Object.keys(screens).every(isScreenErrorKey)).toBe(true);
    // What every screen can meet stays on the first load.
    for (const key of ['INTERNAL_ERROR', 'NETWORK_ERROR', 'SESSION_INVALID', 'INSUFFICIENT_BALANCE'])
      expect(first).toHaveProperty(key);
    expect(screens).toHaveProperty('IPO_NOT_FOUND');
    // The form fields' names travel with the forms (use-zod-form's namespaces bring this part).
    expect(screens).toHaveProperty('fields.password');
    expect(first).not.toHaveProperty('fields');
  });

  it('a product screen registering its namespace brings its error texts', async () => {
    const { i18n } = await import('../../src/i18n/setup');
    expect(i18n.exists('OPTION_PRICE_CHANGED', { ns: 'errors', lng: 'tr-TR' })).toBe(false);
    const { addNamespace } = await import('../../src/i18n/namespace');
    addNamespace('probe', { 'tr-TR': {}, 'en-US': {} });
    expect(i18n.t('OPTION_PRICE_CHANGED', { ns: 'errors', lng: 'tr-TR' })).toBe(trAll.OPTION_PRICE_CHANGED);
    expect(i18n.t('INTERNAL_ERROR', { ns: 'errors', lng: 'tr-TR' })).toBe(trAll.INTERNAL_ERROR);
  });
});

describe('common and content texts split between the first load and the later pages', () => {
  it.each([
    ['tr-TR common', 'common', trCommonAll, trCommonFirst, trCommonPages],
    ['en-US common', 'common', enCommonAll, enCommonFirst, enCommonPages],
    ['tr-TR content', 'content', trContentAll, trContentFirst, trContentPages],
    ['en-US content', 'content', enContentAll, enContentFirst, enContentPages],
  ] as const)('%s: the two parts are the whole file, without overlap', (_name, ns, all, first, pages) => {
    expect({ ...first, ...pages }).toEqual(all);
    expect(Object.keys(pages).sort()).toEqual([...PAGE_TEXT_GROUPS[ns]].sort());
    expect(Object.keys(first).filter((key) => key in pages)).toEqual([]);
    // The home screen's, the drawer's, the tab bar's and the list states' texts stay on the first load.
    const firstScreen = { common: ['home', 'drawer', 'tab', 'app_name'], content: ['state'] }[ns];
    for (const key of firstScreen) expect(first).toHaveProperty(key);
  });

  it('a later page registering its texts merges them into common without replacing any', async () => {
    const { i18n } = await import('../../src/i18n/setup');
    expect(i18n.exists('legal.disclaimer', { lng: 'tr-TR' })).toBe(false);
    await import('../../src/i18n/pages');
    expect(i18n.t('install.intro', { lng: 'tr-TR' })).toBe(trCommonAll.install.intro);
    expect(i18n.t('install.intro', { lng: 'en-US' })).toBe(enCommonAll.install.intro);
    expect(i18n.t('home.intro_badge', { lng: 'tr-TR' })).toBe(trCommonAll.home.intro_badge);
    expect(i18n.t('news.title', { ns: 'content', lng: 'en-US' })).toBe(enContentAll.news.title);
    expect(i18n.t('state.loading', { ns: 'content', lng: 'tr-TR' })).toBe(trContentAll.state.loading);
  });
});

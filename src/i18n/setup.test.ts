// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './setup';
import { readStored } from '../state/persisted';
import { setLanguage } from '../state/prefs';

afterEach(() => {
  setLanguage('tr-TR');
  localStorage.clear();
});

describe('language', () => {
  it('starts in Turkish with both namespaces', () => {
    expect(i18n.language).toBe('tr-TR');
    expect(i18n.t('Copy_successful')).toBe('Kopyalandı');
    expect(i18n.t('NETWORK_ERROR', { ns: 'errors' })).toMatch(/Sunucuya/);
  });

  it('switches live, persists and updates <html lang>', () => {
    setLanguage('en-US');
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('Sign_out_tips')).toBe('Do you want to sign out of Seans on this device?');
    expect(readStored('lang')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
  });
});

import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { isChunkFailure } from '../components/chunks/lazy-with-retry';
import { addTexts, placeholderOf } from './deferred-texts';
import { fetchLateTexts, hasLateTexts, subscribeTexts, textsArrived, textsVersion } from './late-texts';

function fresh() {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'tr-TR', resources: {}, initAsync: false });
  return i18n;
}
const file = (texts: Record<string, unknown>) => () => Promise.resolve({ default: texts });

describe('texts fetched apart from a screen', () => {
  it('adds plain texts at once, never replacing one already there', () => {
    const i18n = fresh();
    addTexts(i18n, 'tr-TR', 'one', { a: 'A', b: 'B' });
    addTexts(i18n, 'tr-TR', 'one', { a: 'other', c: 'C' });
    expect(i18n.getResourceBundle('tr-TR', 'one')).toEqual({ a: 'A', b: 'B', c: 'C' });
  });

  it("fetches the read language's file at once; screens wait for it and render again", async () => {
    const i18n = fresh();
    const rendered = vi.fn();
    const stop = subscribeTexts(rendered);
    const before = textsVersion();
    addTexts(i18n, 'tr-TR', 'two', placeholderOf(file({ title: 'Başlık' }), true));
    expect(i18n.hasResourceBundle('tr-TR', 'two')).toBe(false);
    await textsArrived();
    stop();
    expect(i18n.t('two:title')).toBe('Başlık');
    expect(textsVersion()).toBe(before + 1);
    expect(rendered).toHaveBeenCalledTimes(1);
  });

  it("fetches the other language's file only on a switch to it", async () => {
    const i18n = fresh();
    const load = vi.fn(file({ title: 'Title' }));
    addTexts(i18n, 'en-US', 'three', placeholderOf(load, false));
    await textsArrived();
    expect(load).not.toHaveBeenCalled();
    expect(hasLateTexts('en-US')).toBe(true);
    expect(hasLateTexts('tr-TR')).toBe(false);
    await fetchLateTexts('en-US');
    expect(load).toHaveBeenCalledTimes(1);
    expect(hasLateTexts('en-US')).toBe(false);
    expect(i18n.getResourceBundle('en-US', 'three')).toEqual({ title: 'Title' });
  });

  it('a file that fails fails the screen as its chunk would, and the next wait fetches it again', async () => {
    const i18n = fresh();
    const load = vi
      .fn<() => Promise<{ default: Record<string, unknown> }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ default: { title: 'Başlık' } });
    addTexts(i18n, 'tr-TR', 'four', placeholderOf(load, true));
    const error: unknown = await textsArrived().catch((e: unknown) => e);
    expect(isChunkFailure(error)).toBe(true);
    expect(hasLateTexts('tr-TR')).toBe(true);
    await textsArrived();
    expect(load).toHaveBeenCalledTimes(2);
    expect(i18n.t('four:title')).toBe('Başlık');
    expect(hasLateTexts('tr-TR')).toBe(false);
  });
});

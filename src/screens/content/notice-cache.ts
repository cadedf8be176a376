import type { Notice } from '../../../domain/protocol/content';

/**
 * There is no single-notice endpoint: the detail screen reads what the list loaded, and loads the
 * list itself when opened directly. In memory only: SPEC's noticeData is cleared at sign-out anyway.
 */
const cache = new Map<string, Notice>();

export function rememberNotices(list: readonly Notice[]): void {
  for (const notice of list) cache.set(notice.id, notice);
}

export function cachedNotice(id: string): Notice | undefined {
  return cache.get(id);
}

export function forgetNotices(): void {
  cache.clear();
}

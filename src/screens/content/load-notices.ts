import type { Page } from '../../../domain/protocol/envelope';
import type { Notice } from '../../../domain/protocol/content';
import { contentEndpoints } from '../../../domain/protocol/endpoints/content';
import { call } from '../../api/call';
import { isSignedIn } from '../../state/session';
import { rememberNotices } from './notice-cache';

export const NOTICE_PAGE_SIZE = 50;

/** Signed in: the user's view with read marks; guests: the public list. */
export async function loadNotices(): Promise<Page<Notice>> {
  const query = { page: 1, size: NOTICE_PAGE_SIZE };
  const answer = isSignedIn()
    ? await call(contentEndpoints.userNotices, query, { silent: true })
    : await call(contentEndpoints.notices, query, { silent: true });
  rememberNotices(answer.list);
  return answer;
}

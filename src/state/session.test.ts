// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStored, writeStored } from './persisted';
import {
  clearUserInfo,
  session,
  setAccountType,
  setLoginInfo,
  setSession,
  startSessionSync,
} from './session';

const answer = {
  userToken: 'real-token',
  userTokenReal: 'real-token',
  userTokenDemo: 'demo-token',
  user: { id: '42', account: 'ayse@example.com', idStatus: 'none' as const },
};

function otherTabWrites(key: string, value: unknown): void {
  const newValue = value === undefined ? null : JSON.stringify(value);
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
}

let stopSync: () => void;
beforeEach(() => {
  stopSync = startSessionSync();
});
afterEach(() => {
  stopSync();
  clearUserInfo();
  localStorage.clear();
});

describe('session', () => {
  it('stores a login with the real token active by default', () => {
    setSession(answer);
    expect(session.userToken).toBe('real-token');
    expect(session.userTokenDemo).toBe('demo-token');
    expect(session.userInfo?.account).toBe('ayse@example.com');
    expect(readStored('userToken')).toBe('real-token');
    expect(readStored('userTokenReal')).toBe('real-token');
    expect(readStored('userInfo')).toEqual(answer.user);
  });

  it('makes the demo token active on the demo account, and switches back', () => {
    setSession(answer, 'demo');
    expect(session.userToken).toBe('demo-token');
    expect(readStored('userAccountType')).toBe('demo');
    setAccountType('real');
    expect(session.userToken).toBe('real-token');
    expect(readStored('userToken')).toBe('real-token');
  });

  it('clears user info, notices, news and all tokens and resets the account type (SPEC §4)', () => {
    setSession(answer, 'demo');
    setLoginInfo({ user: { status: 1, id: '42', account: 'a', idStatus: 'succ' }, openAutoApply: 1 });
    writeStored('noticeData', [{ id: 1 }]);
    writeStored('newsData', [{ id: 2 }]);
    writeStored('lang', 'en-US');
    clearUserInfo();
    expect(session).toMatchObject({
      userToken: '',
      userTokenDemo: '',
      userTokenReal: '',
      userAccountType: 'real',
      userInfo: null,
      loginInfo: null,
    });
    expect(readStored('userToken')).toBe('');
    expect(readStored('userAccountType')).toBe('real');
    expect(readStored('noticeData')).toEqual([]);
    expect(readStored('newsData')).toEqual([]);
    // Device preferences are not user info.
    expect(readStored('lang')).toBe('en-US');
  });

  it('follows a sign-in and a sign-out in another tab', () => {
    otherTabWrites('userToken', 'from-other-tab');
    otherTabWrites('userInfo', { id: '9', account: 'x' });
    expect(session.userToken).toBe('from-other-tab');
    expect(session.userInfo?.id).toBe('9');
    otherTabWrites('userToken', undefined);
    expect(session.userToken).toBe('');
  });

  it('ignores a corrupt value written by another tab', () => {
    otherTabWrites('userAccountType', 'platinum');
    expect(session.userAccountType).toBe('real');
  });

  it('reloads everything when another tab clears the storage', () => {
    setSession(answer);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    expect(session.userToken).toBe('');
    expect(session.userInfo).toBeNull();
  });

  it('stops following other tabs once unsubscribed', () => {
    stopSync();
    otherTabWrites('userToken', 'late');
    expect(session.userToken).toBe('');
    stopSync = startSessionSync();
  });
});

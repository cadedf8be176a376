import { describe, expect, it } from 'vitest';
import { ConfigError, passkeysFromEnv } from '../../config';
import { originAllowed, readClientData } from './client-data';

describe('where passkey ceremonies may come from', () => {
  const local = passkeysFromEnv({});

  it('defaults to localhost on any port, over http only there', () => {
    expect(local).toEqual({ rpId: 'localhost', rpName: 'Seans', origins: null });
    expect(originAllowed('http://localhost:8080', local)).toBe(true);
    expect(originAllowed('http://localhost:41234', local)).toBe(true);
    expect(originAllowed('http://127.0.0.1:8080', local)).toBe(false);
    expect(originAllowed('http://localhost.evil.example', local)).toBe(false);
    expect(originAllowed('http://localhost:8080/path', local)).toBe(false);
    expect(originAllowed('not a url', local)).toBe(false);
  });

  it('on a real domain, https only unless origins are listed; a listed origin must match exactly', () => {
    const domain = passkeysFromEnv({ PASSKEY_RP_ID: 'seans.example' });
    expect(originAllowed('https://seans.example', domain)).toBe(true);
    expect(originAllowed('http://seans.example', domain)).toBe(false);
    expect(originAllowed('https://app.seans.example', domain)).toBe(false);
    const listed = passkeysFromEnv({
      PASSKEY_RP_ID: 'seans.example',
      PASSKEY_ORIGINS: 'https://app.seans.example, https://seans.example',
    });
    expect(listed.origins).toEqual(['https://app.seans.example', 'https://seans.example']);
    expect(originAllowed('https://app.seans.example', listed)).toBe(true);
    expect(originAllowed('https://app.seans.example:8443', listed)).toBe(false);
  });

  it('refuses an IP address as the RP ID and an origin with a path, with a message to act on', () => {
    expect(() => passkeysFromEnv({ PASSKEY_RP_ID: '127.0.0.1' })).toThrow(ConfigError);
    expect(() => passkeysFromEnv({ PASSKEY_ORIGINS: 'https://seans.example/app' })).toThrow(
      /PASSKEY_ORIGINS must list origins/,
    );
  });

  it('reads the challenge and origin a browser signed, and refuses what is not client data', () => {
    const json = JSON.stringify({ type: 'webauthn.get', challenge: 'abc', origin: 'http://localhost:1' });
    expect(readClientData(Buffer.from(json).toString('base64url'))).toEqual({
      challenge: 'abc',
      origin: 'http://localhost:1',
    });
    for (const bad of ['bm90IGpzb24', Buffer.from('{"challenge":1}').toString('base64url')])
      expect(() => readClientData(bad)).toThrow(expect.objectContaining({ key: 'PASSKEY_FAILED' }));
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appConfigSchema, loginInfoSchema } from './user';
import { parseAppConfig, parseLoginInfo, parseLoginInfoAnswer } from './user-parse';

const user = { status: 1, id: '7', account: 'ayse@example.com', idStatus: 'succ' };
const login = { user, openAutoApply: 1 };
// What a zod check of the first-load answer would read: the info, or null for an empty answer.
const loginAnswerSchema = z.union([loginInfoSchema, z.strictObject({}).transform(() => null)]);

const LOGIN_VALID = [
  login,
  { ...login, openAutoApply: 0, extra: 'dropped' },
  { ...login, user: { ...user, status: 0, idStatus: 'none', extra: 1 } },
  { ...login, user: { ...user, status: -3, idStatus: 'pending' } },
  { ...login, user: { ...user, idStatus: 'fail' } },
  { ...login, user: { ...user, verifiedName: 'Ayşe Yılmaz' } },
  { ...login, user: { ...user, idStatus: 'none', verifiedName: null } },
];
const LOGIN_INVALID = [
  null,
  [],
  'x',
  { user: {} },
  { ...login, openAutoApply: 2 },
  { ...login, openAutoApply: '1' },
  { openAutoApply: 1 },
  { ...login, user: null },
  { ...login, user: [user] },
  { ...login, user: { ...user, status: 1.5 } },
  { ...login, user: { ...user, status: 2 ** 53 } },
  { ...login, user: { ...user, status: '1' } },
  { ...login, user: { ...user, id: 7 } },
  { ...login, user: { ...user, account: null } },
  { ...login, user: { ...user, idStatus: 'maybe' } },
  { ...login, user: { ...user, verifiedName: 7 } },
  { ...login, user: { status: 1, id: '7', account: 'a' } },
];

describe('parseLoginInfo agrees with loginInfoSchema', () => {
  it.each(LOGIN_VALID)('accepts %j as the schema does', (answer) => {
    expect(parseLoginInfo(answer)).toEqual(loginInfoSchema.parse(answer));
    expect(parseLoginInfoAnswer(answer)).toEqual(loginAnswerSchema.parse(answer));
  });
  it.each(LOGIN_INVALID)('refuses %j as the schema does', (answer) => {
    expect(loginInfoSchema.safeParse(answer).success).toBe(false);
    expect(() => parseLoginInfo(answer)).toThrow(TypeError);
  });
  it('reads an empty answer as signed out, as the union did, and nothing else', () => {
    expect(parseLoginInfoAnswer({})).toBeNull();
    expect(loginAnswerSchema.parse({})).toBeNull();
    for (const answer of LOGIN_INVALID) {
      expect(loginAnswerSchema.safeParse(answer).success).toBe(false);
      expect(() => parseLoginInfoAnswer(answer)).toThrow(TypeError);
    }
  });
});

const config = { sandbox: true, serviceSaleSmartly: '', appVersion: '1.0.0' };

describe('parseAppConfig agrees with appConfigSchema', () => {
  it.each([
    config,
    { ...config, sandbox: false, serviceSaleSmartly: 'https://x/y.js' },
    { ...config, more: 1 },
  ])('accepts %j as the schema does', (answer) => {
    expect(parseAppConfig(answer)).toEqual(appConfigSchema.parse(answer));
  });
  it.each([
    null,
    [],
    {},
    { ...config, sandbox: 'true' },
    { ...config, sandbox: 1 },
    { ...config, appVersion: 1 },
    { ...config, serviceSaleSmartly: null },
    { sandbox: true, appVersion: '1' },
  ])('refuses %j as the schema does', (answer) => {
    expect(appConfigSchema.safeParse(answer).success).toBe(false);
    expect(() => parseAppConfig(answer)).toThrow(TypeError);
  });
});

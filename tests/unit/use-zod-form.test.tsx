// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { passwordChangeSchema } from '../../domain/validation/account';
import '../../src/i18n/setup';
import { ApiError } from '../../src/api/request';
import { FORM_LEVEL, useZodForm } from '../../src/components/form/use-zod-form';
import { setLanguage } from '../../src/state/prefs';

/**
 * The account and security forms show the schema's errors in words under their fields before
 * anything is sent, and a refusal from the server where it belongs (its field or the alert line).
 */
describe('useZodForm', () => {
  beforeEach(() => setLanguage('en-US'));

  const initial = { oldPassword: '', password: '', confirmPassword: '' };

  it('says which field is missing, by its label, and typing in it clears only that message', () => {
    const { result } = renderHook(() => useZodForm({ initial, labels: { confirmPassword: 'Repeat it' } }));
    let parsed: unknown = 'unset';
    act(() => {
      parsed = result.current.check(passwordChangeSchema);
    });
    expect(parsed).toBeNull();
    expect(result.current.errors.oldPassword).toBe('Current password is required.');
    expect(result.current.errors.confirmPassword).toBe('Repeat it is required.');
    act(() => result.current.setValue('oldPassword', 'secret1'));
    expect(result.current.errors.oldPassword).toBeUndefined();
    expect(result.current.errors.confirmPassword).toBe('Repeat it is required.');
    expect(result.current.bind('oldPassword').value).toBe('secret1');
  });

  it("names a field without a label by the errors namespace's name, in the read language", () => {
    setLanguage('tr-TR');
    const { result } = renderHook(() => useZodForm({ initial }));
    act(() => void result.current.check(passwordChangeSchema));
    expect(result.current.errors.oldPassword).toBe('Mevcut şifre alanı zorunludur.');
    act(() => setLanguage('en-US'));
    act(() => void result.current.check(passwordChangeSchema));
    expect(result.current.errors.oldPassword).toBe('Current password is required.');
  });

  it('puts a server refusal under its field, or in the alert line when the form says so', () => {
    const { result } = renderHook(() =>
      useZodForm({ initial, serverFields: { PASSWORD_INCORRECT: FORM_LEVEL } }),
    );
    act(() =>
      result.current.placeServerError(new ApiError('business', 'Too short', { key: 'PASSWORD_LENGTH' })),
    );
    expect(result.current.errors.password).toBe('Too short');
    expect(result.current.formError).toBe('');
    act(() => result.current.placeServerError(new ApiError('business', '', { key: 'PASSWORD_LENGTH' })));
    expect(result.current.errors.password).toBe('The password must be 6 to 20 characters.');
    act(() =>
      result.current.placeServerError(
        new ApiError('business', 'Wrong password', { key: 'PASSWORD_INCORRECT' }),
      ),
    );
    expect(result.current.formError).toBe('Wrong password');
  });
});

import '../../i18n/account';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { z } from 'zod';
import { isErrorKey, type ErrorKey } from '../../../domain/protocol/error-keys';
import { fieldErrorFromIssues, type FieldError } from '../../../domain/validation/issues';
import type trErrors from '../../../locales/tr-TR/errors.json';
import { isApiError, type ApiError } from '../../api/request';
import type { i18n as I18n, TFunction } from 'i18next';
import { showToast } from '../../services/toast';
import { useOneAtATime } from './use-one-at-a-time';

export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** The field a server reason points at; forms add their own (e.g. PASSWORD_INCORRECT). */
const SERVER_FIELDS: Partial<Record<ErrorKey, string>> = {
  PHONE_FORMAT: 'account',
  EMAIL_FORMAT: 'account',
  ACCOUNT_EXISTS: 'account',
  CODE_INCORRECT: 'code',
  CODE_EXPIRED: 'code',
  CODE_ATTEMPTS_EXCEEDED: 'code',
  CODE_RATE_LIMITED: 'code',
  PASSWORD_LENGTH: 'password',
  PASSWORDS_MISMATCH: 'confirmPassword',
  AGREEMENT_REQUIRED: 'agree',
  PRIVACY_PERMISSION_REQUIRED: 'agree',
  INVITE_CODE_INVALID: 'inviteCode',
  EMAIL_IN_USE: 'email',
  EMAIL_SAME: 'email',
};

/** Where a server error goes: under a field, in the form's alert line, or (default) a toast. */
export const FORM_LEVEL = '_form';

type FieldName = keyof typeof trErrors.fields;
/**
 * Whether the errors namespace names `name`: its `fields` come with the screens' part of the
 * error texts (src/i18n/errors-screens.ts, which ./account's namespace loads), in the read
 * language. Importing errors.json for them put a language's whole error file in the forms' chunk.
 */
const isFieldName = (texts: Pick<I18n, 'exists'>, name: string): name is FieldName =>
  texts.exists(`fields.${name}`, { ns: 'errors' });

export type ZodFormOptions = {
  initial: FormValues;
  /** Labels for `{{field}}` in messages, when the errors namespace has no better name. */
  labels?: Record<string, string> | ((values: FormValues) => Record<string, string>);
  /** Server reasons this form places itself: a field name, or FORM_LEVEL for the alert line. */
  serverFields?: Partial<Record<string, string>>;
};

/** Empty inputs count as absent, so the message says "required" rather than "invalid". */
function present(values: FormValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

/**
 * Form state validated with a domain schema (the same one the server applies), so a field shows
 * the same localized error, by key, before anything is sent. One message per field: the first.
 */
export function useZodForm({ initial, labels: labelsOption = {}, serverFields = {} }: ZodFormOptions) {
  const { t } = useTranslation();
  const { values, errors, setErrors, formError, setFormError, setValue, setFieldError } =
    useFormFields(initial);
  // A second submit while the first is in flight is ignored, even before React re-renders.
  const gate = useOneAtATime();

  const describe = useDescribe(typeof labelsOption === 'function' ? labelsOption(values) : labelsOption);

  /** Checks `values` (or a subset, e.g. before sending a code); returns the parsed output or null. */
  function check<S extends z.ZodType>(schema: S, input: FormValues = values): z.output<S> | null {
    const raw = present(input);
    const result = schema.safeParse(raw);
    if (result.success) return result.data as z.output<S>;
    const found = collectErrors(result.error.issues, raw, describe);
    setErrors((current) => ({ ...current, ...found }));
    if (found[FORM_LEVEL]) setFormError(found[FORM_LEVEL]);
    return null;
  }

  /** Puts a failed call's message where it belongs: under its field, in the alert line, or a toast. */
  function placeServerError(error: unknown): void {
    if (!isApiError(error)) throw error;
    const message = serverMessage(error, t);
    const target = serverTarget(error.key ?? '', serverFields);
    if (error.kind === 'business' && target === FORM_LEVEL) setFormError(message);
    else if (error.kind === 'business' && target !== undefined && target in values)
      setFieldError(target, message);
    // -1000 has already sent the user to login; everything else is told in a toast.
    else if (error.kind !== 'session') showToast(message);
  }

  /**
   * Validates with `schema`, then runs `action` once at a time. `action` gets the parsed values and
   * the raw ones: the wire carries what the user typed, since the server parses it with the same
   * schema (a canonical phone number would not parse a second time as a national one).
   */
  function handleSubmit<S extends z.ZodType>(
    schema: S,
    action: (data: z.output<S>, raw: Record<string, string>) => Promise<void>,
  ) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      if (gate.running()) return;
      setFormError('');
      const data = check(schema);
      if (data === null) return;
      await gate.once(async () => {
        try {
          await action(data, present(values));
        } catch (error) {
          placeServerError(error);
        }
      });
    };
  }

  return {
    values,
    /** The non-empty values, as they go on the wire. */
    raw: () => present(values),
    errors,
    formError,
    busy: gate.busy,
    setValue,
    setFieldError,
    setFormError,
    check,
    placeServerError,
    handleSubmit,
    /** Props for a field bound to `name`. */
    bind: (name: string) => bindField(name, values, errors, setValue),
  };
}

export type ZodForm = ReturnType<typeof useZodForm>;

/** The values, each field's message and the form's alert line; typing in a field clears its message. */
function useFormFields(initial: FormValues) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');

  const setValue = useCallback((name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
    setFormError('');
  }, []);

  const setFieldError = useCallback((name: string, message: string) => {
    setErrors((current) => ({ ...current, [name]: message }));
  }, []);
  return { values, errors, setErrors, formError, setFormError, setValue, setFieldError };
}

/** A field error in words: the key's text, with the field's label or its name in the errors namespace. */
function useDescribe(labels: Record<string, string>) {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: FieldError): string => {
      const label = labels[error.field];
      const field =
        label ?? (isFieldName(i18n, error.field) ? t(`fields.${error.field}`, { ns: 'errors' }) : '');
      return t(error.key, { ns: 'errors', field, ...error.params });
    },
    [labels, t, i18n],
  );
}

/** One message per field (the first issue's), the field-less ones under FORM_LEVEL. */
function collectErrors(
  issues: readonly z.core.$ZodIssue[],
  raw: Record<string, string>,
  describe: (error: FieldError) => string,
): FieldErrors {
  const found: FieldErrors = {};
  for (const issue of issues) {
    const error = fieldErrorFromIssues([issue], raw);
    const name = error.field === '' ? FORM_LEVEL : error.field;
    if (!(name in found)) found[name] = describe(error);
  }
  return found;
}

/** The server's own words, or the key's text when it sent none. */
function serverMessage(error: ApiError, t: TFunction): string {
  const key = error.key ?? '';
  return error.msg !== '' ? error.msg : t(isErrorKey(key) ? key : 'INTERNAL_ERROR', { ns: 'errors' });
}

/** The field a server reason points at: the form's own placement first, then the shared one. */
function serverTarget(key: string, serverFields: Partial<Record<string, string>>): string | undefined {
  return serverFields[key] ?? (isErrorKey(key) ? SERVER_FIELDS[key] : undefined);
}

/** A field's value, its change handler and its message. */
function bindField(
  name: string,
  values: FormValues,
  errors: FieldErrors,
  setValue: (name: string, value: string) => void,
) {
  return {
    value: values[name] ?? '',
    onValueChange: (value: string) => setValue(name, value),
    error: errors[name],
  };
}

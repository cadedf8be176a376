import '../../i18n/pages';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/hook';
import { CERT_TYPES, kycFieldsSchema, type CertType } from '../../../domain/validation/account';
import { fieldErrorFromIssues, type FieldError } from '../../../domain/validation/issues';
import { kycEndpoints } from '../../../domain/protocol/endpoints/kyc';
import { call } from '../../api/call';
import { DocumentPicker } from './document-picker';
import { SelectField, TextField } from './kyc-fields';

type TextName = 'fullName' | 'certNumber' | 'taxId';
type Errors = Partial<Record<TextName | 'certType' | 'front' | 'back', FieldError>>;

/** Every field's first problem, so the user can fix them all in one pass (same rules as the server). */
function validate(raw: Record<string, string>, images: Images): Errors {
  const errors: Errors = {};
  const parsed = kycFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const names = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    for (const name of names) {
      const issues = parsed.error.issues.filter((issue) => String(issue.path[0]) === name);
      const error = fieldErrorFromIssues(issues, raw);
      errors[error.field as keyof Errors] = error;
    }
  }
  for (const side of ['front', 'back'] as const) {
    if (!images[side]) errors[side] = { key: 'FIELD_REQUIRED', field: side, params: {} };
  }
  return errors;
}

const TEXT_FIELDS: readonly {
  name: TextName;
  testId: string;
  max: number;
  autoComplete: string;
  numeric?: boolean;
}[] = [
  { name: 'fullName', testId: 'kyc-full-name', max: 100, autoComplete: 'name' },
  { name: 'certNumber', testId: 'kyc-cert-number', max: 32, autoComplete: 'off' },
  // An individual's tax number is the 11-digit T.C. identity number: digits, and said so before
  // the form refuses anything else (a "Tax ID number" field that took text and then asked for a
  // "Turkish identity number" confused users).
  { name: 'taxId', testId: 'kyc-tax-id', max: 11, autoComplete: 'off', numeric: true },
];

const LABEL_KEY = { fullName: 'full_name', certNumber: 'cert_number', taxId: 'tax_id' } as const;

type Images = { front: Blob | null; back: Blob | null };
type Texts = Record<TextName, string>;

/** The form's state and its one submission; a refusal keeps everything that was entered. */
function useKycForm(onSubmitted: () => void) {
  const { t } = useTranslation('content');
  const [certType, setCertType] = useState<CertType>('id_card');
  const [text, setText] = useState<Texts>({ fullName: '', certNumber: '', taxId: '' });
  const [images, setImages] = useState<Images>({ front: null, back: null });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const message = (name: keyof Errors): string | undefined => {
    const error = errors[name];
    if (!error) return undefined;
    const field = t(`fields.${name}`, { ns: 'errors' });
    return t(error.key, { ns: 'errors', ...error.params, field });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // A blank field is an absent one, so it reads "required" rather than "too short".
    const raw = Object.fromEntries(
      Object.entries({ certType, ...text }).filter(([, value]) => value.trim() !== ''),
    );
    const found = validate(raw, images);
    setErrors(found);
    if (Object.keys(found).length > 0 || !images.front || !images.back) return;
    const fields = kycFieldsSchema.parse(raw);
    setBusy(true);
    try {
      await call(kycEndpoints.submit, { ...fields, front: images.front, back: images.back });
      onSubmitted();
    } catch {
      // The server's reason was toasted in the user's language; the form keeps what was entered.
    } finally {
      setBusy(false);
    }
  };
  return { certType, setCertType, text, setText, images, setImages, busy, message, onSubmit };
}

function KycTextFields({
  text,
  setText,
  message,
  busy,
}: {
  text: Texts;
  setText: (update: (current: Texts) => Texts) => void;
  message: (name: keyof Errors) => string | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation('content');
  return TEXT_FIELDS.map((field) => (
    <TextField
      key={field.name}
      id={`kyc-${field.name}`}
      label={t(`kyc.form.${LABEL_KEY[field.name]}`)}
      value={text[field.name]}
      // Digits only, as the code and PIN fields keep theirs: a letter typed into the T.C.
      // number (the keypad is only a hint on a desktop) was taken, then refused on send.
      onChange={(value) =>
        setText((current) => ({
          ...current,
          [field.name]: field.numeric ? value.replace(/\D/g, '').slice(0, field.max) : value,
        }))
      }
      testId={field.testId}
      error={message(field.name)}
      maxLength={field.max}
      autoComplete={field.autoComplete}
      {...(field.numeric ? { inputMode: 'numeric' as const } : {})}
      hint={field.name === 'taxId' ? t('kyc.form.tax_id_hint') : undefined}
      disabled={busy}
    />
  ));
}

function KycSubmitBar({ busy }: { busy: boolean }) {
  const { t } = useTranslation('content');
  return (
    <div className="bottom-bar">
      {busy && <div className="progress" role="progressbar" aria-label={t('kyc.form.submitting')} />}
      <button
        type="submit"
        className="button button--primary bottom-bar__button"
        data-testid="kyc-submit"
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? t('kyc.form.submitting') : t('kyc.form.submit')}
      </button>
    </div>
  );
}

/** The KYC submission: document type, name, numbers and both sides, sent as one multipart call. */
export function KycForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation('content');
  const { certType, setCertType, text, setText, images, setImages, busy, message, onSubmit } =
    useKycForm(onSubmitted);

  return (
    <form className="kyc-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <p className="hint">{t('kyc.form.intro')}</p>
      <SelectField
        id="kyc-cert-type"
        label={t('kyc.form.cert_type')}
        value={certType}
        options={CERT_TYPES.map((value) => ({ value, label: t(`kyc.form.cert_types.${value}`) }))}
        onChange={setCertType}
        testId="kyc-cert-type"
        error={message('certType')}
        disabled={busy}
      />
      <KycTextFields text={text} setText={setText} message={message} busy={busy} />
      <p className="kyc-warning">{t('kyc.sample_warning')}</p>
      <div className="kyc-form__images">
        {(['front', 'back'] as const).map((side) => (
          <DocumentPicker
            key={side}
            side={side}
            testId={`kyc-${side}`}
            value={images[side]}
            onChange={(image) => setImages((current) => ({ ...current, [side]: image }))}
            error={message(side)}
            disabled={busy}
          />
        ))}
      </div>
      <KycSubmitBar busy={busy} />
    </form>
  );
}

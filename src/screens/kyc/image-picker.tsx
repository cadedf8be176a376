import '../../i18n-pages';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n-hook';
import { ACCEPT_ATTRIBUTE, compressImage, isAcceptedImage } from '../../components/form/image-compress';

type Props = {
  side: 'front' | 'back';
  testId: string;
  value: Blob | null;
  onChange: (image: Blob | null) => void;
  /** A message from the form (e.g. the image is required). */
  error?: string | undefined;
  disabled?: boolean;
};

/** One document side: pick or take a photo, see exactly what will be sent (compressed). */
export function ImagePicker({ side, testId, value, onChange, error, disabled = false }: Props) {
  const { t } = useTranslation('content');
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [typeError, setTypeError] = useState(false);
  const sequence = useRef(0);
  const label = t(`kyc.form.${side}`);
  const inputId = `kyc-${side}-input`;
  const messageId = `kyc-${side}-message`;

  // The preview shows the blob that will be uploaded; its URL lives as long as that blob is chosen.
  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const mine = ++sequence.current;
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setTypeError(true);
      onChange(null);
      event.target.value = '';
      return;
    }
    setTypeError(false);
    setBusy(true);
    try {
      const image = await compressImage(file);
      if (mine === sequence.current) onChange(image);
    } catch {
      // Named like an image but not decodable: the server would refuse it for the same reason.
      if (mine === sequence.current) {
        setTypeError(true);
        onChange(null);
      }
    } finally {
      if (mine === sequence.current) setBusy(false);
    }
  };

  const message = typeError ? t('IMAGE_TYPE', { ns: 'errors' }) : error;
  return (
    <div className={`image-picker${message ? ' image-picker--invalid' : ''}`}>
      <span className="field__label">{label}</span>
      <label htmlFor={inputId} className="image-picker__zone" aria-busy={busy}>
        {preview ? (
          <img src={preview} alt={t('kyc.form.preview', { side: label })} className="image-picker__preview" />
        ) : (
          <span className="image-picker__placeholder" aria-hidden="true">
            +
          </span>
        )}
        <span className="image-picker__action">
          {busy ? t('kyc.form.compressing') : preview ? t('kyc.form.change') : t('kyc.form.pick')}
        </span>
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        // No `capture`: it would force the camera; without it phones offer camera and gallery.
        accept={ACCEPT_ATTRIBUTE}
        data-testid={testId}
        disabled={disabled}
        aria-label={label}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => void onFile(event)}
      />
      {message && (
        <p id={messageId} className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

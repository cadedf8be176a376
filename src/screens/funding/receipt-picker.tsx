import '../../styles/kyc.css';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n-hook';
import { ACCEPT_ATTRIBUTE, compressImage, isAcceptedImage } from '../../components/form/image-compress';

/**
 * The transfer receipt of an offline deposit, with KYC's upload rules and client checks (JPEG,
 * PNG or WebP, compressed before sending); the preview is exactly what will be uploaded.
 */
export function ReceiptPicker({
  value,
  onChange,
  error,
}: {
  value: Blob | null;
  onChange: (image: Blob | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('funding');
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [typeError, setTypeError] = useState(false);
  const sequence = useRef(0);

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
  const label = t('offline.receipt');
  return (
    <div className={`image-picker${message ? ' image-picker--invalid' : ''}`}>
      <span className="field__label">{label}</span>
      <label htmlFor="receipt-input" className="image-picker__zone" aria-busy={busy}>
        {preview ? (
          <img src={preview} alt={t('offline.preview')} className="image-picker__preview" />
        ) : (
          <span className="image-picker__placeholder" aria-hidden="true">
            +
          </span>
        )}
        <span className="image-picker__action">
          {busy ? t('offline.compressing') : preview ? t('offline.change') : t('offline.pick')}
        </span>
      </label>
      <input
        id="receipt-input"
        className="visually-hidden"
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        data-testid="receipt"
        aria-label={label}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? 'receipt-message' : undefined}
        onChange={(event) => void onFile(event)}
      />
      {message && (
        <p id="receipt-message" className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

// The error texts it shows ship with the product screens' part (src/i18n/errors-screens.ts).
import '../../i18n/errors-screens';
import '../../styles/image-picker.css';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/hook';
import { ACCEPT_ATTRIBUTE, compressImage, isAcceptedImage } from './image-compress';

/** What the picker says, in its form's words. */
export type ImagePickerTexts = {
  label: string;
  /** The preview's alternative text. */
  preview: string;
  pick: string;
  change: string;
  compressing: string;
};

type Props = {
  /** The input's id; its message's id is derived from it. */
  id: string;
  testId: string;
  texts: ImagePickerTexts;
  value: Blob | null;
  onChange: (image: Blob | null) => void;
  /** A message from the form (e.g. the image is required). */
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * An image to upload (a KYC document side, a transfer receipt): pick or take a photo, checked on
 * the client as the server checks it (JPEG, PNG or WebP) and compressed before sending; the
 * preview is exactly what will be uploaded.
 */
export function ImagePicker({ id, testId, texts, value, onChange, error, disabled = false }: Props) {
  const { t } = useTranslation('errors');
  const preview = usePreview(value);
  const { busy, typeError, onFile } = useImageFile(onChange);
  const messageId = `${id}-message`;

  const message = typeError ? t('IMAGE_TYPE') : error;
  return (
    <div className={`image-picker${message ? ' image-picker--invalid' : ''}`}>
      <span className="field__label">{texts.label}</span>
      <label htmlFor={id} className="image-picker__zone" aria-busy={busy}>
        {preview ? (
          <img src={preview} alt={texts.preview} className="image-picker__preview" />
        ) : (
          <span className="image-picker__placeholder" aria-hidden="true">
            +
          </span>
        )}
        <span className="image-picker__action">
          {busy ? texts.compressing : preview ? texts.change : texts.pick}
        </span>
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        // No `capture`: it would force the camera; without it phones offer camera and gallery.
        accept={ACCEPT_ATTRIBUTE}
        data-testid={testId}
        disabled={disabled}
        aria-label={texts.label}
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

/** An object URL for the chosen blob: the preview shows exactly what will be uploaded. */
function usePreview(value: Blob | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
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
  return preview;
}

/** A picked file checked and compressed; only the latest pick reaches `onChange`. */
function useImageFile(onChange: (image: Blob | null) => void) {
  const [busy, setBusy] = useState(false);
  const [typeError, setTypeError] = useState(false);
  // A slower compression of an earlier pick must not replace a later one.
  const sequence = useRef(0);

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
  return { busy, typeError, onFile };
}

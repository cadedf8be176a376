import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n-hook';
import type { ServiceMessage } from '../../../domain/protocol/service-chat';
import { sendServiceMessage } from '../../api/service-chat';
import { useErrorText } from '../../components/content/state-views';
import { ACCEPT_ATTRIBUTE, compressImage, isAcceptedImage } from '../../components/form/image-compress';
import { FormAlert } from '../../components/form/submit-button';

/** Text and/or one image (compressed as KYC images are), sent on Send; the answer joins the log. */
export function Composer({ onSent }: { onSent: (message: ServiceMessage) => void }) {
  const { t } = useTranslation('service');
  const errorText = useErrorText();
  const fileId = useId();
  const [text, setText] = useState('');
  const [image, setImage] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const pick = async (file: File | undefined) => {
    setError('');
    if (!file) return;
    if (!isAcceptedImage(file)) return setError(t('image_bad'));
    setImage(await compressImage(file));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || (text.trim() === '' && !image)) return;
    setBusy(true);
    setError('');
    try {
      onSent(await sendServiceMessage(text, image, { silent: true }));
      setText('');
      setImage(null);
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="chat-composer" onSubmit={(e) => void submit(e)} noValidate>
      <FormAlert message={error} testId="chat-error" />
      {preview && (
        <div className="chat-composer__preview">
          <img src={preview} alt={t('image_alt')} />
          <button type="button" className="button button--secondary" onClick={() => setImage(null)}>
            {t('remove_image')}
          </button>
        </div>
      )}
      <div className="chat-composer__row">
        <label htmlFor={fileId} className="chat-composer__attach" title={t('attach')}>
          <svg
            width="22"
            height="22"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="9" cy="10" r="1.5" />
            <path d="m21 16-5-5-8 8" />
          </svg>
          <span className="visually-hidden">{t('attach')}</span>
        </label>
        <input
          id={fileId}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          className="visually-hidden"
          data-testid="chat-file"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <textarea
          className="chat-composer__input"
          aria-label={t('input')}
          placeholder={t('input')}
          rows={1}
          maxLength={1000}
          value={text}
          data-testid="chat-input"
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="submit"
          className="button button--primary chat-composer__send"
          disabled={busy || (text.trim() === '' && !image)}
          aria-busy={busy || undefined}
          data-testid="chat-send"
        >
          {t('send')}
        </button>
      </div>
    </form>
  );
}

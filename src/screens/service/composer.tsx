import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { TFunction } from 'i18next';
import { useSnapshot } from 'valtio';
import type { Locale } from '../../../domain/format/locale';
import { formatPrice } from '../../../domain/format/number';
import { SERVICE_TEXT_MAX, type ServiceMessage } from '../../../domain/protocol/service-chat';
import { serviceChatEndpoints } from '../../../domain/protocol/endpoints/service-chat';
import { call } from '../../api/call';
import { useErrorText } from '../../components/content/state-views';
import { ACCEPT_ATTRIBUTE, compressImage, isAcceptedImage } from '../../components/form/image-compress';
import { FormAlert } from '../../components/form/submit-button';
import { prefs } from '../../state/prefs';
import { Button } from '../../components/button';

/** From here on the composer counts the characters, so the limit is never a surprise. */
const COUNT_FROM = SERVICE_TEXT_MAX * 0.8;

/** Tells `onHeight` the node's height whenever it changes. */
function useReportedHeight(ref: RefObject<HTMLElement | null>, onHeight?: (height: number) => void): void {
  useEffect(() => {
    const node = ref.current;
    // Optional: jsdom has no ResizeObserver, and the fixed fallback room still shows the chat.
    if (!node || !onHeight || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => onHeight(node.getBoundingClientRect().height));
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, onHeight]);
}

/** The picture button: a label over a hidden file input, so the whole icon is the target. */
function ImageAttach({ onPick }: { onPick: (file: File | undefined) => void }) {
  const { t } = useTranslation('service');
  const fileId = useId();
  return (
    <>
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
          onPick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}

function ImagePreview({ src, onRemove }: { src: string; onRemove: () => void }) {
  const { t } = useTranslation('service');
  return (
    <div className="chat-composer__preview">
      <img src={src} alt={t('image_alt')} />
      <Button onClick={onRemove}>{t('remove_image')}</Button>
    </div>
  );
}

/** "n / max" near the limit, marked when over it. */
function CharacterCount({ id, length, over }: { id: string; length: number; over: boolean }) {
  const { t } = useTranslation('service');
  const { lang } = useSnapshot(prefs);
  return (
    <p
      id={id}
      className={over ? 'chat-composer__count chat-composer__count--over num' : 'chat-composer__count num'}
      data-testid="chat-count"
    >
      {t('count', { n: formatPrice(length, lang, 0), max: formatPrice(SERVICE_TEXT_MAX, lang, 0) })}
    </p>
  );
}

/** The refusal of a text `over` characters too long, or nothing. */
function tooLongText(over: number, lang: Locale, t: TFunction<'service'>): string {
  return over > 0
    ? t('too_long', { max: formatPrice(SERVICE_TEXT_MAX, lang, 0), over: formatPrice(over, lang, 0) })
    : '';
}

/** A URL showing `blob` while it is there, revoked when it changes or goes. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** Text and/or one image (compressed as KYC images are), sent on Send; the answer joins the log. */
export function Composer({
  onSent,
  onHeight,
}: {
  onSent: (message: ServiceMessage) => void;
  /** The composer's height whenever it changes (a message, a preview, the count added or gone). */
  onHeight?: (height: number) => void;
}) {
  const { t } = useTranslation('service');
  const errorText = useErrorText();
  const countId = useId();
  const [text, setText] = useState('');
  const [image, setImage] = useState<Blob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { lang } = useSnapshot(prefs);
  const form = useRef<HTMLFormElement>(null);
  useReportedHeight(form, onHeight);
  // Counted as the broker counts (trimmed). A long paste is kept whole and refused with the
  // reason, never cut short without a word: the user chooses what to leave out.
  const length = text.trim().length;
  const over = length - SERVICE_TEXT_MAX;
  const empty = text.trim() === '' && !image;
  const preview = useObjectUrl(image);

  const pick = async (file: File | undefined) => {
    setError('');
    if (!file) return;
    if (!isAcceptedImage(file)) return setError(t('image_bad'));
    setImage(await compressImage(file));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || empty || over > 0) return;
    setBusy(true);
    setError('');
    try {
      onSent(await call(serviceChatEndpoints.send, { text, image: image ?? undefined }, { silent: true }));
      setText('');
      setImage(null);
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form ref={form} className="chat-composer" onSubmit={(e) => void submit(e)} noValidate>
      <FormAlert message={error || tooLongText(over, lang, t)} testId="chat-error" />
      {preview && <ImagePreview src={preview} onRemove={() => setImage(null)} />}
      <div className="chat-composer__row">
        <ImageAttach onPick={(file) => void pick(file)} />
        <textarea
          className="chat-composer__input"
          aria-label={t('input')}
          placeholder={t('input')}
          rows={1}
          value={text}
          data-testid="chat-input"
          aria-invalid={over > 0 || undefined}
          aria-describedby={length >= COUNT_FROM ? countId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="submit"
          className="button button--primary chat-composer__send"
          disabled={busy || empty || over > 0}
          aria-busy={busy || undefined}
          data-testid="chat-send"
        >
          {t('send')}
        </button>
      </div>
      {length >= COUNT_FROM && <CharacterCount id={countId} length={length} over={over > 0} />}
    </form>
  );
}

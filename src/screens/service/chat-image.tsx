import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { serviceChatEndpoints } from '../../../domain/protocol/endpoints/service-chat';
import { fetchApiImage } from '../../api/image';

/**
 * An attachment, fetched with the session's token (an <img src> can't send it). `onLoad` says
 * when it has its height, which arrives after the message itself.
 */
export function ChatImage({ id, onLoad }: { id: string; onLoad?: (() => void) | undefined }) {
  const { t } = useTranslation('service');
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchApiImage(serviceChatEndpoints.image.path, id, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  if (state.url)
    return <img src={state.url} alt={t('image_alt')} className="chat-bubble__image" onLoad={onLoad} />;
  return (
    <span className={`chat-bubble__placeholder${state.failed ? '' : ' skeleton'}`}>
      {state.failed ? t('image_error') : ''}
    </span>
  );
}

import '../../i18n/pages';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { kycEndpoints } from '../../../domain/protocol/endpoints/kyc';
import { fetchApiImage } from '../../api/image';

/** A submitted image, fetched with the session's token (an <img src> can't send it). */
export function KycImage({ id, label }: { id: string; label: string }) {
  const { t } = useTranslation('content');
  const [state, setState] = useState<{ id: string; url: string | null; failed: boolean }>({
    id,
    url: null,
    failed: false,
  });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchApiImage(kycEndpoints.image.path, id, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ id, url, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ id, url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);

  const current = state.id === id ? state : { url: null, failed: false };
  return (
    <figure className="kyc-image">
      {current.url ? (
        <img src={current.url} alt={label} className="kyc-image__img" />
      ) : (
        <span className={`kyc-image__placeholder${current.failed ? '' : ' skeleton'}`}>
          {current.failed ? t('kyc.image_error') : ''}
        </span>
      )}
      <figcaption className="hint">{label}</figcaption>
    </figure>
  );
}

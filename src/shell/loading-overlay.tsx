import { useTranslation } from '../i18n/hook';
import { useSnapshot } from 'valtio';
import { loading } from '../services/loading';

/** SPEC §9: a full-screen mask (opacity 0.1) with the `atom` spinner in #ff2742. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const { visible, text } = useSnapshot(loading);
  if (!visible) return null;
  return (
    <div
      className="loading-mask"
      data-testid="loading"
      role="progressbar"
      aria-busy="true"
      aria-label={t('loading')}
    >
      <div className="atom-spinner" aria-hidden="true">
        <span className="atom-spinner__orbit" />
        <span className="atom-spinner__orbit" />
        <span className="atom-spinner__orbit" />
        <span className="atom-spinner__nucleus" />
      </div>
      {text !== '' && <p className="loading-mask__text">{text}</p>}
    </div>
  );
}

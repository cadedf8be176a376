import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { ButtonLink } from '../../components/button';

type Load = 'loading' | 'loaded' | 'failed';
const loaded = new Map<string, Promise<void>>();

/**
 * Adds the chat script once per page life. SPEC §3 hides the script's own launcher icon: the body
 * gets `chat-script-icon-hidden`, the hook a broker's widget styles key on (the widget is theirs).
 */
function loadScript(url: string): Promise<void> {
  const known = loaded.get(url);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loaded.delete(url);
      script.remove();
      reject(new Error(`chat script ${url} failed`));
    };
    document.body.classList.add('chat-script-icon-hidden');
    document.head.append(script);
  });
  loaded.set(url, promise);
  return promise;
}

/**
 * The chat-script variant (`/common/config`'s serviceSaleSmartly): loaded on demand, only on
 * these screens. The app's CSP allows only its own origin, so a broker that sets a script must
 * also allow that script's origin (README); a failure offers the built-in chat.
 */
export function ScriptChat({
  url,
  builtInPath,
  fallback,
}: {
  url: string;
  builtInPath: string;
  /** Shown instead of a link when the script fails (the built-in chat itself). */
  fallback?: ReactNode;
}) {
  const { t } = useTranslation('service');
  const [state, setState] = useState<Load>('loading');
  useEffect(() => {
    let live = true;
    loadScript(url).then(
      () => live && setState('loaded'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (state === 'failed' && fallback) return fallback;
  return (
    <div className="chat" data-testid="chat-script" data-state={state}>
      <p className="chat__empty" role="status">
        {t(`script.${state}`)}
      </p>
      {state === 'failed' && (
        <ButtonLink href={builtInPath} look="secondary">
          {t('script.open_builtin')}
        </ButtonLink>
      )}
    </div>
  );
}

/** The script screens when no script is configured: say so and lead to the built-in chat. */
export function NoScript({ builtInPath }: { builtInPath: string }) {
  const { t } = useTranslation('service');
  return (
    <div className="chat" data-testid="chat-no-script">
      <p className="chat__empty">{t('script.none')}</p>
      <ButtonLink href={builtInPath} testId="chat-open-builtin">
        {t('script.open_builtin')}
      </ButtonLink>
    </div>
  );
}

import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { TicketMessage } from './contract-ticket-logic';
import { prefs } from '../../state/prefs';
import { localizeParams } from '../../components/trade/message-params';

/** A ticket message in the user's language: the server's error texts or the ticket's own. */
export function useMessageText(): (message: TicketMessage | undefined | null) => string | undefined {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  return (message) => {
    if (!message) return undefined;
    const params: Record<string, string | number> = localizeParams(message.params, lang);
    if (message.ns === 'errors') return t(message.key, { ns: 'errors', ...params });
    return t(message.key, { ...params });
  };
}

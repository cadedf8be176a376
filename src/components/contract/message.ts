import { useTranslation } from 'react-i18next';
import type { TicketMessage } from '../../screens/contract/contract-ticket-logic';

/** A ticket message in the user's language: the server's error texts or the ticket's own. */
export function useMessageText(): (message: TicketMessage | undefined | null) => string | undefined {
  const { t } = useTranslation('contract');
  return (message) => {
    if (!message) return undefined;
    if (message.ns === 'errors') return t(message.key, { ns: 'errors', ...message.params });
    return t(message.key, { ...message.params });
  };
}

import enTicketAmount from '../../../locales/en-US/ticket-amount.json';
import trTicketAmount from '../../../locales/tr-TR/ticket-amount.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by the order tickets that buy by amount (stock and coin): the texts travel with them.
addNamespace('ticketAmount', { 'tr-TR': trTicketAmount, 'en-US': enTicketAmount });

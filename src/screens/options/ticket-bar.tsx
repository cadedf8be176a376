import { useTranslation } from '../../i18n/hook';
import { Button } from '../../components/button';

/**
 * The buy button at the thumb, with the reason it is off said right above it: too little money,
 * or the worker's first quote for this pick not there yet (a tap then did nothing at all).
 */
export function TicketBar({
  shortText,
  waiting,
  disabled,
  onSubmit,
}: {
  shortText: string;
  waiting: boolean;
  disabled: boolean;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('options');
  return (
    <div className="options-bar">
      {shortText !== '' && (
        <p className="options-bar__reason" role="status" data-testid="option-insufficient">
          {shortText}
        </p>
      )}
      {waiting && (
        <p
          className="options-bar__reason options-bar__reason--wait"
          role="status"
          data-testid="option-waiting"
        >
          {t('ticket.waiting_quote')}
        </p>
      )}
      <Button look="primary" testId="option-submit" disabled={disabled} onClick={onSubmit}>
        {t('ticket.submit')}
      </Button>
    </div>
  );
}

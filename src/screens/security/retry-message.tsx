import { Button } from '../../components/button';

/**
 * A load that failed, said where its content would have been, with the button that asks again
 * (primary where it is the screen's only way on).
 */
export function RetryMessage({
  title,
  body,
  retry,
  onRetry,
  testId,
  retryTestId,
  primary = false,
}: {
  title: string;
  body: string;
  retry: string;
  onRetry: () => void;
  testId?: string | undefined;
  retryTestId: string;
  primary?: boolean | undefined;
}) {
  return (
    <div className="state-message" role="alert" data-testid={testId}>
      <h2 className="state-message__title">{title}</h2>
      {body !== '' && <p className="state-message__body">{body}</p>}
      <Button look={primary ? 'primary' : 'secondary'} testId={retryTestId} onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}

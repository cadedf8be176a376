import '../../styles/content-screens.css';
import type { ReactNode } from 'react';
import { goBack } from '../../paths/navigation';
import { useTranslation } from '../../i18n/hook';
import type { ErrorKey } from '../../../domain/protocol/error-keys';
import { isApiError } from '../../api/request';
import { Button, ButtonLink } from '../button';

/**
 * The words for a failed load: the server's localized message, else its key's text, else ours.
 * A key is looked up among the texts loaded (not the list of every key, which would put that
 * list on every screen's first load): a product screen's keys arrive with its chunk.
 */
const numberParam = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return (error) => {
    if (isApiError(error)) {
      if (error.msg !== '') return error.msg;
      // By key alone: its figures come with it (a wrong PIN's tries left picks the singular too).
      if (error.key !== undefined && i18n.exists(error.key, { ns: 'errors' }))
        return t(error.key as ErrorKey, {
          ns: 'errors',
          ...error.params,
          count: numberParam(error.params?.count ?? error.params?.triesLeft),
        });
    }
    return t('INTERNAL_ERROR', { ns: 'errors' });
  };
}

/** Grey placeholder rows in the shape of the list that is coming (DESIGN.md: skeletons, not spinners). */
export function ListSkeleton({ rows = 4, label }: { rows?: number; label?: string }) {
  const { t } = useTranslation('content');
  return (
    <div className="skeleton-list" role="status" aria-label={label ?? t('state.loading')} aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton-list__row">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  return (
    <div className="state-message" data-testid="empty-state">
      <p className="state-message__title">{title}</p>
      {body && <p className="state-message__body">{body}</p>}
      {action}
    </div>
  );
}

/** The server said the thing asked for is not there (or its id is no id): asking again cannot help. */
export function isMissing(error: unknown): boolean {
  if (!isApiError(error) || error.key === undefined) return false;
  const key = error.key;
  return (
    key === 'NOT_FOUND' ||
    key === 'FIELD_INVALID' ||
    key === 'UNKNOWN_SYMBOL' ||
    key === 'UNKNOWN_COIN' ||
    key === 'CHAIN_NOT_SUPPORTED' ||
    key.endsWith('_NOT_FOUND')
  );
}

/**
 * A failed load and what to do next: try again, or, for something that does not exist (a stale
 * link, a bad id), say so and go to `back` — a list to choose from — since a retry would fail the
 * same way. Without `back`, a missing thing offers the way back rather than a retry. A malformed
 * id is answered FIELD_INVALID, which names a field: the view says the link's record was not found.
 */
export function ErrorState({
  error,
  onRetry,
  back,
}: {
  error: unknown;
  onRetry: () => void;
  back?: { href: string; label: string };
}) {
  const { t } = useTranslation('content');
  const errorText = useErrorText();
  const missing = isMissing(error);
  let body = errorText(error);
  if (missing && isApiError(error) && error.key === 'FIELD_INVALID') body = t('state.not_found_link');
  let action: ReactNode;
  if (!missing)
    action = (
      <Button testId="retry" onClick={onRetry}>
        {t('action.retry', { ns: 'common' })}
      </Button>
    );
  else if (back)
    action = (
      <ButtonLink href={back.href} look="secondary" testId="error-back">
        {back.label}
      </ButtonLink>
    );
  else
    action = (
      <Button testId="error-back" onClick={goBack}>
        {t('action.back', { ns: 'common' })}
      </Button>
    );
  return (
    <div className="state-message" role="alert" data-testid="error-state" data-missing={missing}>
      <p className="state-message__title">{t(missing ? 'state.not_found_title' : 'state.error_title')}</p>
      <p className="state-message__body">{body}</p>
      {action}
    </div>
  );
}

import { Link } from 'wouter';
import { EmptyState } from './state-views';

// Its own module: only lazy screens use it, and state-views is on the first load of `/`.
/**
 * An empty state whose next step is a list to pick from: a screen opened without the item it
 * shows (a link cut short, never a validation message or "not found"), or a list with nothing in
 * it yet that leads to where its rows come from.
 */
export function PickState(props: {
  title: string;
  body?: string;
  href: string;
  label: string;
  testId: string;
  /** The link as a secondary button, where the screen's primary action is elsewhere. */
  secondary?: boolean;
}) {
  return (
    <EmptyState
      title={props.title}
      body={props.body}
      action={
        <Link
          href={props.href}
          className={`button button--${props.secondary ? 'secondary' : 'primary'}`}
          data-testid={props.testId}
        >
          {props.label}
        </Link>
      }
    />
  );
}

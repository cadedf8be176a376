import { Link } from 'wouter';
import { EmptyState } from './state-views';

// Its own module: only detail screens use it, and state-views is on the first load of `/`.
/**
 * A screen opened without the item it shows (a link cut short): what to pick and a way to the
 * list, never a validation message or "not found".
 */
export function PickState(props: {
  title: string;
  body: string;
  href: string;
  label: string;
  testId: string;
}) {
  return (
    <EmptyState
      title={props.title}
      body={props.body}
      action={
        <Link href={props.href} className="button button--primary" data-testid={props.testId}>
          {props.label}
        </Link>
      }
    />
  );
}

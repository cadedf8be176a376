import { useId, type ReactNode } from 'react';

type Props = {
  title: ReactNode;
  /** Beside the title: a "see all" link, a clear button, a feed badge, a note. */
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
};

/**
 * A titled block in Home's style (the search screen's recent and popular blocks), named by its own
 * heading so a screen reader's landmark list reads "Popular", not "region". Home writes its own in
 * place: a chunk shared with Home would be one more file on the first load.
 */
export function HomeSection({ title, aside, testId, children }: Props) {
  const titleId = useId();
  return (
    <section className="home-section" aria-labelledby={titleId} data-testid={testId}>
      <div className="home-section__head">
        <h2 id={titleId} className="section-title">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

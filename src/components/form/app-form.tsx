import type { FormHTMLAttributes } from 'react';

type AppFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  /** Runs on submit (Enter in a field or the submit button); a returned promise is the caller's. */
  onSubmit: () => unknown;
};

/**
 * A form the app checks itself, with the same schemas and localized messages as the server: the
 * browser's own validation is off, and a submit runs `onSubmit` instead of loading a page.
 */
export function AppForm({ onSubmit, className = 'form', ...props }: AppFormProps) {
  return (
    <form
      {...props}
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    />
  );
}

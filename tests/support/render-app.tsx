import { render } from '@testing-library/react';
import { App } from '../../src/app';

/** Mounts the whole app, as a phone opening the address `path` does. */
export function renderApp(path: string) {
  history.replaceState(null, '', path);
  return render(<App />);
}

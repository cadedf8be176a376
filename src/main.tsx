import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/content.css';
import './styles/lists.css';
import './styles/drawer.css';
import './styles/overlays.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { hasLocale, loadLocale } from './i18n';
import { registerServiceWorker } from './pwa/register-service-worker';
import { initHistoryDepth } from './routes/navigation';
import { loadAppConfig } from './state/app-config';
import { prefs, startPrefsSync } from './state/prefs';
import { startSessionSync } from './state/session';

initHistoryDepth();
startSessionSync();
startPrefsSync();
void loadAppConfig();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const reactRoot = createRoot(root);
function render(): void {
  // A transition lets React render the first screen in slices, yielding to the browser between
  // them, instead of one long task that blocks input while a phone evaluates and renders it all.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
// English texts are a chunk of their own: an English reader's first screen waits for them rather
// than flashing Turkish (and renders in Turkish if they cannot be fetched).
if (hasLocale(prefs.lang)) render();
else void loadLocale(prefs.lang).then(render, render);

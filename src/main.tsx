import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/content.css';
import './styles/lists.css';
import './styles/drawer.css';
import './styles/overlays.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerServiceWorker } from './pwa/register-service-worker';
import { initHistoryDepth } from './routes/navigation';
import { loadAppConfig } from './state/app-config';
import { startPrefsSync } from './state/prefs';
import { startSessionSync } from './state/session';

initHistoryDepth();
startSessionSync();
startPrefsSync();
void loadAppConfig();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

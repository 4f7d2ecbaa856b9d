import '@fontsource-variable/inter/wght.css';
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import { App } from './app/app';
import { registerServiceWorker } from './lib/service-worker';

// Japanese glyphs: hundreds of unicode-range faces (about 230 kB of CSS), loaded after first paint
// so they never block it; until then the system's Japanese font shows.
void import('./styles/fonts-jp.css');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();

import '@fontsource-variable/inter/wght.css';
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18n from './lib/i18n';
import { App } from './app/app';
import { registerServiceWorker } from './lib/service-worker';
import { loadJapaneseFontWhenNeeded } from './styles/japanese-font';

// Noto Sans JP only when the interface is Japanese (now or after a switch), never blocking paint.
loadJapaneseFontWhenNeeded(i18n);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();

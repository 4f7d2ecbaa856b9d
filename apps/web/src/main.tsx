import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18n, { i18nReady } from './lib/i18n';
import { createApp, startNetwork } from './app/app';
import { registerServiceWorker } from './lib/service-worker';
import { loadJapaneseFontWhenNeeded } from './styles/japanese-font';

// Noto Sans JP only when the interface is Japanese (now or after a switch), never blocking paint.
loadJapaneseFontWhenNeeded(i18n);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// The startup in tasks (app/app.tsx): the requests now, the router in the next task.
startNetwork();
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const App = nextTask().then(createApp);

// The first render waits for the shell's words (a few kB, fetched while the page's code and the
// session load), so no untranslated key ever flashes. Missing words must not blank the app:
// i18next then shows its fallback language or the keys.
void Promise.all([
  App,
  i18nReady.catch((error: unknown) => console.error('translations failed to load', error)),
]).then(([Root]) => {
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
});

registerServiceWorker();

import './lib/strict-csp.ts';
import 'virtual:theme.css';
import './theme/global.css';
import './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import { createRouter } from './app/router.tsx';
import { i18nReady } from './i18n/index.ts';
import { startSessionCheck } from './lib/session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// The session check and the screen's code start loading at once, side by side.
startSessionCheck();
const router = createRouter();

// Rendered once the start language's translations are in (at once in English; Arabic waits for
// its chunk), so no untranslated text ever shows.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);

registerServiceWorker();

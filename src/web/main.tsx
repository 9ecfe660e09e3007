// The signed-in app's entry (index.html). The public pages rendered at build time load site-main.ts.
// First: it configures what every later module relies on under the CSP.
import './csp';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startEarlyMe } from './api/early-me';
import { AppRoot, createQueryClient } from './app-root';
import { createAppRouter } from './router';
import './styles.css';

function start() {
  // Before the router loads the page's code: see early-me.ts.
  startEarlyMe(window.location.pathname);
  createRoot(document.getElementById('root')!).render(
    <AppRoot queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </AppRoot>,
  );
}

start();

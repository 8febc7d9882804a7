import '@shopify/polaris/build/esm/styles.css';
import { PolarisRoot } from '@belegfluss/frontend-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadPageOf } from './lazyPages';
import { createShellQueryClient } from './queryClient';
import { preloadRemoteOf, registerRemoteManifests } from './remotes/federation';
import { Root } from './Root';
import { startedConfig } from './startup';

// The page a visit lands on loads at once, not after the shop and the frame. Remotes are registered only from
// here, past the async boundary: registered before it, the runtime fetches every remote's entry while it settles
// the shared singletons.
preloadPageOf(window.location.pathname);
startedConfig()
  ?.then((config) => {
    registerRemoteManifests(config.remotes);
    preloadRemoteOf(window.location.pathname);
  })
  .catch(() => {});

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createShellQueryClient()}>
      <PolarisRoot>
        <Root />
      </PolarisRoot>
    </QueryClientProvider>
  </StrictMode>,
);

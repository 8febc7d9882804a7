import '@shopify/polaris/build/esm/styles.css';
import { PolarisRoot } from '@belegfluss/frontend-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createShellQueryClient } from './queryClient';
import { Root } from './Root';

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

import { Banner, Page, Spinner, Box, InlineStack } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { registerRemoteManifests } from './remotes/federation';
import { SessionGate } from './session/SessionGate';
import { ShellApp } from './ShellApp';
import { runtimeConfig } from './startup';

/** Holds index.html's first view of the page (scripts/first-paint.tsx) over it while shown. */
function Starting() {
  return (
    <div data-first-paint-holds="">
      <Box padding="1600">
        <InlineStack align="center">
          <Spinner accessibilityLabel="Belegfluss lädt" />
        </InlineStack>
      </Box>
    </div>
  );
}

async function startUp() {
  // The entry asked for config.json already (startup.ts); a retry asks again.
  const config = await runtimeConfig();
  registerRemoteManifests(config.remotes);
  return config;
}

/** config.json first, then a session, then the app. */
export function Root() {
  const config = useQuery({
    queryKey: ['runtime-config'],
    queryFn: startUp,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 2,
  });
  if (config.isPending) return <Starting />;
  if (config.isError) {
    return (
      <Page narrowWidth title="Belegfluss">
        <Banner
          tone="critical"
          title="Belegfluss konnte nicht starten"
          action={{ content: 'Erneut versuchen', onAction: () => void config.refetch() }}
        >
          <p>{config.error.message}</p>
        </Banner>
      </Page>
    );
  }
  // Pages outside the dashboard (landing, shop picker, help, …) load on demand.
  return (
    <Suspense fallback={<Starting />}>
      <SessionGate config={config.data}>
        <ShellApp />
      </SessionGate>
    </Suspense>
  );
}

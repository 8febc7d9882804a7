import { Banner, Page, Spinner, Box, InlineStack } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { loadRuntimeConfig } from './config';
import { registerRemoteManifests } from './remotes/federation';
import { SessionGate } from './session/SessionGate';
import { ShellApp } from './ShellApp';

async function startUp() {
  const config = await loadRuntimeConfig();
  registerRemoteManifests(config.remotes);
  return config;
}

/** config.json first, then a session, then the app. */
export function Root() {
  const config = useQuery({ queryKey: ['runtime-config'], queryFn: startUp, staleTime: Infinity, gcTime: Infinity, retry: 2 });
  if (config.isPending) {
    return (
      <Box padding="1600">
        <InlineStack align="center">
          <Spinner accessibilityLabel="Belegfluss lädt" />
        </InlineStack>
      </Box>
    );
  }
  if (config.isError) {
    return (
      <Page narrowWidth title="Belegfluss">
        <Banner tone="critical" title="Belegfluss konnte nicht starten" action={{ content: 'Erneut versuchen', onAction: () => void config.refetch() }}>
          <p>{config.error.message}</p>
        </Banner>
      </Page>
    );
  }
  return (
    <SessionGate config={config.data}>
      <ShellApp />
    </SessionGate>
  );
}

import { describeError, LinkCodeForm, shopQuery } from '@belegfluss/frontend-kit';
import { Banner, BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useShell } from '../session/ShellContext';
import { openAuthPopup, whenClosed } from './popup';
import { PopupProblem } from './PopupProblem';

type State =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  | { kind: 'checking' }
  | { kind: 'notConnected' }
  | { kind: 'blocked' }
  | { kind: 'error'; message: string };

/** Step 1: the Lexware login in an 800×700 popup; when it closes, the shop is fetched again. */
export function AuthorizeStep({ onConnected }: { onConnected: () => void }) {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [linking, setLinking] = useState(false);
  const cancelWatch = useRef<() => void>(undefined);
  useEffect(() => () => cancelWatch.current?.(), []);

  async function connect() {
    const popup = openAuthPopup();
    if (!popup) return setState({ kind: 'blocked' });
    setState({ kind: 'waiting' });
    try {
      const { url } = await api.get<{ url: string }>('/lexoffice/auth');
      popup.location.href = url;
    } catch (error) {
      popup.close();
      return setState({ kind: 'error', message: describeError(error) });
    }
    const watch = whenClosed(popup);
    cancelWatch.current = watch.cancel;
    await watch.promise;
    setState({ kind: 'checking' });
    try {
      const shop = await queryClient.fetchQuery({
        queryKey: shopQuery(api).queryKey,
        queryFn: shopQuery(api).queryFn,
        staleTime: 0,
      });
      if (shop.lexoffice.isConnected) onConnected();
      else setState({ kind: 'notConnected' });
    } catch (error) {
      setState({ kind: 'error', message: describeError(error) });
    }
  }

  const busy = state.kind === 'waiting' || state.kind === 'checking';
  return (
    <BlockStack gap="400">
      <Text as="p">
        Melde dich im neuen Fenster bei Lexware Office an und erlaube Belegfluss den Zugriff. Das Fenster schließt sich
        danach von selbst.
      </Text>
      {state.kind === 'waiting' ? <Banner tone="info">Warte auf die Anmeldung bei Lexware Office …</Banner> : null}
      {state.kind === 'checking' ? <Banner tone="info">Verbindung wird geprüft …</Banner> : null}
      {state.kind === 'notConnected' ? (
        <Banner tone="warning" title="Lexware Office ist noch nicht verbunden">
          <p>Das Anmeldefenster wurde geschlossen, bevor die Verbindung stand. Versuche es bitte noch einmal.</p>
        </Banner>
      ) : null}
      <PopupProblem state={state} windowName="Anmeldefenster" action="Anmeldung" />
      <InlineStack align="end">
        <Button variant="primary" loading={busy} onClick={() => void connect()}>
          Mit Lexware Office verbinden
        </Button>
      </InlineStack>
      {linking ? (
        <BlockStack gap="200">
          <Text as="p">
            Erzeuge im anderen Shop unter Einstellungen mit „Verbindung mit einem weiteren Shop teilen“ einen Code und
            gib ihn hier ein. Dieser Shop bucht dann in dieselbe Lexware-Organisation.
          </Text>
          <LinkCodeForm
            api={api}
            onLinked={async () => {
              await queryClient.invalidateQueries({ queryKey: shopQuery(api).queryKey });
              onConnected();
            }}
          />
        </BlockStack>
      ) : (
        <InlineStack align="end">
          <Button variant="plain" onClick={() => setLinking(true)}>
            Mit der Lexware-Verbindung eines anderen Shops verbinden
          </Button>
        </InlineStack>
      )}
    </BlockStack>
  );
}

import { Banner } from '@shopify/polaris';

/** Why a Lexware popup (authorisation or registration) did not get going: blocked, or the gateway refused. */
export function PopupProblem({
  state,
  windowName,
  action,
}: {
  state: { kind: string; message?: string };
  windowName: string;
  action: string;
}) {
  if (state.kind === 'blocked') {
    return (
      <Banner tone="critical" title={`Das ${windowName} wurde blockiert`}>
        <p>Erlaube Pop-ups für Belegfluss in deinem Browser und versuche es erneut.</p>
      </Banner>
    );
  }
  if (state.kind === 'error') {
    return (
      <Banner tone="critical" title={`Die ${action} konnte nicht gestartet werden`}>
        <p>{state.message}</p>
      </Banner>
    );
  }
  return null;
}

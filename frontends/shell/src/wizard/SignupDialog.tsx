import { describeError, errorField } from '@belegfluss/frontend-kit';
import { LexwareSignupBody } from '@belegfluss/shared';
import { Banner, BlockStack, Checkbox, FormLayout, Link, Modal, Text, TextField } from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useShell } from '../session/ShellContext';
import { openAuthPopup, whenClosed } from './popup';
import { PopupProblem } from './PopupProblem';
import { LEXWARE_LEGAL } from './wizard';

type Errors = Partial<Record<'email' | 'acceptTerms', string>>;
type State = { kind: 'form' } | { kind: 'waiting' } | { kind: 'blocked' } | { kind: 'error'; message: string };

/** The gateway's own schema, so the dialog shows the same German texts before anything is sent. */
function clientErrors(input: unknown): Errors {
  const parsed = LexwareSignupBody.safeParse(input);
  const errors: Errors = {};
  for (const issue of parsed.error?.issues ?? []) errors[issue.path.join('.') as keyof Errors] ??= issue.message;
  return errors;
}

/**
 * The account-opening dialog: Lexware's registration page opens in the same popup as
 * the authorisation, with the e-mail prefilled; when it closes, the wizard asks for access to the new account.
 */
export function SignupDialog({ onClose, onOpened }: { onClose: () => void; onOpened: () => void }) {
  const { api } = useShell();
  const [email, setEmail] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<State>({ kind: 'form' });
  const cancelWatch = useRef<() => void>(undefined);
  useEffect(() => () => cancelWatch.current?.(), []);

  async function open() {
    const body = { email, acceptTerms };
    const found = clientErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const popup = openAuthPopup();
    if (!popup) return setState({ kind: 'blocked' });
    setState({ kind: 'waiting' });
    try {
      const { url } = await api.request<{ url: string }>('/lexoffice/signup', { method: 'POST', body });
      popup.location.href = url;
    } catch (error) {
      popup.close();
      const field = errorField(error);
      if (field === 'email' || field === 'acceptTerms') {
        setErrors({ [field]: describeError(error) });
        return setState({ kind: 'form' });
      }
      return setState({ kind: 'error', message: describeError(error) });
    }
    const watch = whenClosed(popup);
    cancelWatch.current = watch.cancel;
    await watch.promise;
    onOpened();
  }

  const edit = (field: keyof Errors, apply: () => void) => {
    apply();
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const waiting = state.kind === 'waiting';

  return (
    <Modal
      open
      onClose={onClose}
      title="Lexware-Office-Konto eröffnen"
      primaryAction={{ content: 'Konto eröffnen', onAction: () => void open(), loading: waiting }}
      secondaryActions={[{ content: 'Abbrechen', onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <Text as="p">
            Du hast noch kein Lexware-Office-Konto? Gib deine E-Mail-Adresse an: Lexware Office öffnet die Registrierung
            in einem neuen Fenster. Danach verbindest du das neue Konto mit Belegfluss.
          </Text>
          {waiting ? <Banner tone="info">Warte auf die Registrierung bei Lexware Office …</Banner> : null}
          <PopupProblem state={state} windowName="Registrierungsfenster" action="Registrierung" />
          <FormLayout>
            <TextField
              label="E-Mail-Adresse"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(value) => edit('email', () => setEmail(value))}
              error={errors.email}
              disabled={waiting}
            />
            <Checkbox
              label={
                <>
                  Ich akzeptiere die{' '}
                  <Link url={LEXWARE_LEGAL.terms} target="_blank">
                    AGB
                  </Link>{' '}
                  und die{' '}
                  <Link url={LEXWARE_LEGAL.privacy} target="_blank">
                    Datenschutzhinweise
                  </Link>{' '}
                  von Lexware Office.
                </>
              }
              checked={acceptTerms}
              onChange={(value) => edit('acceptTerms', () => setAcceptTerms(value))}
              error={errors.acceptTerms}
              disabled={waiting}
            />
          </FormLayout>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

import type { Shop } from '@belegfluss/frontend-kit';
import type { VatRegimeChoice } from '@belegfluss/shared';
import { BlockStack, Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { ActivateStep } from './ActivateStep';
import { AuthorizeStep } from './AuthorizeStep';
import { celebrate } from './confetti';
import { consented, ConsentStep, NO_CONSENT, type Consent } from './ConsentStep';
import { ImportDocumentsStep, ImportOrdersStep } from './ImportSteps';
import { SignupDialog } from './SignupDialog';
import { TaxSetupStep } from './TaxSetupStep';
import { VatRegimeStep } from './VatRegimeStep';
import { PROGRESS, WIZARD_STEPS, type WizardStep } from './wizard';

/**
 * The connect wizard. A shop that is already connected
 * starts at the VAT regime, so the wizard also serves to redo the tax setup.
 */
export function ConnectWizard({ shop, onClose }: { shop: Shop; onClose: () => void }) {
  const connected = shop.lexoffice.isConnected;
  const [step, setStep] = useState<WizardStep>(connected ? 4 : 0);
  const [progress, setProgress] = useState<number>(connected ? PROGRESS.done : PROGRESS.start);
  const [choice, setChoice] = useState<VatRegimeChoice | null>(null);
  const [consent, setConsent] = useState<Consent>(NO_CONSENT);
  const [signup, setSignup] = useState<'closed' | 'open' | 'opened'>('closed');
  const next = () => setStep((current) => Math.min(6, current + 1) as WizardStep);
  const importProps = { progress, setProgress, onNext: next };

  const body = [
    <ConsentStep
      key={0}
      consent={consent}
      onConsent={setConsent}
      onNext={next}
      onOpenAccount={() => setSignup('open')}
      accountOpened={signup === 'opened'}
    />,
    <AuthorizeStep
      key={1}
      onConnected={() => {
        void celebrate();
        setProgress(PROGRESS.connected);
        next();
      }}
    />,
    <ImportOrdersStep key={2} {...importProps} />,
    <ImportDocumentsStep key={3} {...importProps} />,
    <VatRegimeStep key={4} choice={choice} onChoice={setChoice} onNext={next} />,
    <TaxSetupStep key={5} choice={choice} onNext={next} />,
    <ActivateStep key={6} onDone={onClose} />,
  ][step];

  // The account-opening dialog takes the wizard's place while open; with the account opened, the
  // wizard goes on to the authorisation, once both boxes of step 0 are ticked.
  if (signup === 'open') {
    const opened = () => {
      setSignup('opened');
      if (consented(consent)) setStep(1);
    };
    return <SignupDialog onClose={() => setSignup('closed')} onOpened={opened} />;
  }

  return (
    <Modal open onClose={onClose} title="Lexware Office verbinden">
      <Modal.Section>
        <BlockStack gap="400">
          <Text as="h2" variant="headingSm" tone="subdued" id="wizard-step-title">
            {`Schritt ${step + 1} von ${WIZARD_STEPS.length}: ${WIZARD_STEPS[step]}`}
          </Text>
          {body}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

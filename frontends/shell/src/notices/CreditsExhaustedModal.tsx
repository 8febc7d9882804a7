import { creditsLeft, navigate, type Shop } from '@belegfluss/frontend-kit';
import { CREDITS_NOTIFY_THRESHOLD } from '@belegfluss/shared';
import { Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { dismiss, isDismissed } from './dismissals';

/** Once per billing period, so a new period asks again. */
export const creditsDismissalId = (credits: Shop['plan']['credits']) => `creditsExhausted:${credits.resetAt}`;

export function creditsNearlyUsed(credits: Shop['plan']['credits']): boolean {
  const left = creditsLeft(credits);
  return left.quota === 0 || left.remaining / left.quota < CREDITS_NOTIFY_THRESHOLD;
}

/** Spec 1 §8: transfers nearly or fully used. */
export function CreditsExhaustedModal({ credits }: { credits: Shop['plan']['credits'] }) {
  const id = creditsDismissalId(credits);
  const [open, setOpen] = useState(() => creditsNearlyUsed(credits) && !isDismissed(id));
  if (!open) return null;
  const close = () => {
    dismiss(id);
    setOpen(false);
  };
  const left = creditsLeft(credits);
  return (
    <Modal
      open
      onClose={close}
      title="Deine Übertragungen wurden (fast) vollständig verbraucht"
      primaryAction={{
        content: 'Abonnement erweitern',
        onAction: () => {
          close();
          navigate('/plan');
        },
      }}
      secondaryActions={[{ content: 'Später', onAction: close }]}
    >
      <Modal.Section>
        <Text as="p">
          {`Dir bleiben noch ${left.remaining} von ${left.quota} Übertragungen in diesem Zeitraum. Ohne freie Übertragungen legt Belegfluss keine Belege mehr an.`}
        </Text>
      </Modal.Section>
    </Modal>
  );
}

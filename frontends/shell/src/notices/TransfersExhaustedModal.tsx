import { formatNumber, transfersLeft, navigate, type Shop } from '@belegfluss/frontend-kit';
import { TRANSFERS_NOTIFY_THRESHOLD } from '@belegfluss/shared';
import { Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { dismiss, isDismissed } from './dismissals';

/** Once per billing period, so a new period asks again. */
export const transfersDismissalId = (credits: Shop['plan']['credits']) => `transfersExhausted:${credits.resetAt}`;

export function transfersNearlyUsed(credits: Shop['plan']['credits']): boolean {
  const left = transfersLeft(credits);
  return left.quota === 0 || left.remaining / left.quota < TRANSFERS_NOTIFY_THRESHOLD;
}

/** Transfers nearly or fully used. */
export function TransfersExhaustedModal({ credits }: { credits: Shop['plan']['credits'] }) {
  const id = transfersDismissalId(credits);
  const [open, setOpen] = useState(() => transfersNearlyUsed(credits) && !isDismissed(id));
  if (!open) return null;
  const close = () => {
    dismiss(id);
    setOpen(false);
  };
  const left = transfersLeft(credits);
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
          {`Dir bleiben noch ${formatNumber(left.remaining)} von ${formatNumber(left.quota)} Übertragungen in diesem Zeitraum. Ohne freie Übertragungen legt Belegfluss keine Belege mehr an.`}
        </Text>
      </Modal.Section>
    </Modal>
  );
}

import { formatNumber, transfersLeft, navigate, type Shop } from '@belegfluss/frontend-kit';
import { Modal, Text } from '@shopify/polaris';

/**
 * The credit dialog. Work that consumes `needed` transfers goes ahead on its own
 * only while more transfers are available than it needs; otherwise this dialog says how many are
 * missing and offers the bigger plan, or to go ahead anyway (the rest waits for free transfers).
 */
export function enoughTransfers(credits: Shop['plan']['credits'], needed: number): boolean {
  return transfersLeft(credits).remaining > needed;
}

interface Props {
  credits: Shop['plan']['credits'];
  needed: number;
  /** What the transfers are for, e.g. „die 12 importierten Bestellungen ohne Beleg“. */
  purpose: string;
  proceedLabel: string;
  onProceed: () => void;
  onClose: () => void;
}

export function TransfersNeededModal({ credits, needed, purpose, proceedLabel, onProceed, onClose }: Props) {
  const left = transfersLeft(credits);
  return (
    <Modal
      open
      onClose={onClose}
      title="Nicht genug Übertragungen"
      primaryAction={{
        content: 'Abonnement erweitern',
        onAction: () => {
          onClose();
          navigate('/plan#pricing');
        },
      }}
      secondaryActions={[
        { content: proceedLabel, onAction: onProceed },
        { content: 'Abbrechen', onAction: onClose },
      ]}
    >
      <Modal.Section>
        <Text as="p">
          {`Für ${purpose} braucht Belegfluss bis zu ${formatNumber(needed)} Übertragungen. Dir bleiben in diesem Zeitraum ${formatNumber(left.remaining)} von ${formatNumber(left.quota)}.`}
        </Text>
        <Text as="p" tone="subdued">
          Belege, für die keine Übertragung mehr frei ist, legt Belegfluss erst an, wenn wieder Übertragungen frei sind.
        </Text>
      </Modal.Section>
    </Modal>
  );
}

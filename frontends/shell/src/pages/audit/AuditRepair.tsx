import type { ApiClient } from '@belegfluss/frontend-kit';
import { Modal, Text } from '@shopify/polaris';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** What one click does about a finding (AUDIT_REPAIRS on the server); null: a person checks it in Lexware Office. */
export type AuditRepairKind = 'recreate' | 'close' | null;

export interface RepairableFinding {
  key: string;
  repair: AuditRepairKind;
}

export interface RepairAnswer {
  requested: number;
  manual: number;
}

/** Sends the chosen repairs to the server; closing ones (a credit note in Lexware) go only with the merchant's yes. */
export function useAuditRepair(api: ApiClient, month: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (findings: RepairableFinding[]) =>
      api.request<RepairAnswer>(`/audits/${month}/repair`, {
        method: 'POST',
        body: { keys: findings.map((f) => f.key), confirm: findings.some((f) => f.repair === 'close') },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['audit', month] }),
  });
}

/** Asks before anything is written to the books: credit notes close doubled and wrong invoices. */
export function RepairConfirmModal({
  findings,
  onConfirm,
  onClose,
  loading,
}: {
  findings: RepairableFinding[];
  onConfirm: () => void;
  onClose: () => void;
  loading: boolean;
}) {
  const closing = findings.filter((f) => f.repair === 'close').length;
  const recreating = findings.filter((f) => f.repair === 'recreate').length;
  return (
    <Modal
      open
      onClose={onClose}
      title="Korrektur bestätigen"
      primaryAction={{ content: 'Korrigieren', onAction: onConfirm, loading }}
      secondaryActions={[{ content: 'Abbrechen', onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">
          {`Für ${closing === 1 ? 'eine doppelte oder abweichende Rechnung' : `${closing} doppelte oder abweichende Rechnungen`} erstellt Belegfluss je eine Gutschrift in Lexware Office, die die Rechnung vollständig aufhebt. Weicht der Betrag ab, folgt eine neue Rechnung mit dem richtigen Betrag.`}
        </Text>
        {recreating > 0 ? (
          <Text as="p">{`${recreating} fehlende ${recreating === 1 ? 'Beleg wird' : 'Belege werden'} neu erstellt.`}</Text>
        ) : null}
        <Text as="p" tone="subdued">
          Jeder Beleg verbraucht eine Übertragung. Jede Korrektur steht im Protokoll der Bestellung.
        </Text>
      </Modal.Section>
    </Modal>
  );
}

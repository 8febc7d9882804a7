import { describeError } from '@belegfluss/frontend-kit';
import { ActionList, Banner, Button, Modal, Popover, Text } from '@shopify/polaris';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../frame/toast';
import { useShell } from '../../session/ShellContext';
import type { OrderDocument } from './documents';

/**
 * The document actions, each as far as Lexware's public API allows. The API creates
 * documents (finalised or draft) and continues an invoice into a credit note, but it has no call to
 * change, finalise, un-finalise, pay or delete an existing one: those open the document in
 * Lexware Office, and the dialog says why.
 */
const IN_LEXWARE = {
  address: {
    label: 'Adresse ändern',
    why: 'Festgeschriebene Belege sind in Lexware Office unveränderlich, und die Schnittstelle kann bestehende Belege nicht ändern. Korrigiere die Adresse in Lexware Office; bei einer festgeschriebenen Rechnung über eine Rechnungskorrektur.',
  },
  paid: {
    label: 'Als bezahlt markieren',
    why: 'Die Schnittstelle liest den Zahlstatus nur, sie erfasst keine Zahlungen. Markiere den Beleg in Lexware Office als bezahlt oder ordne dort den Umsatz zu.',
  },
  unpaid: {
    label: 'Als unbezahlt markieren',
    why: 'Die Schnittstelle kann Zahlungen weder erfassen noch zurücknehmen. Löse die Zuordnung der Zahlung in Lexware Office.',
  },
  draft: {
    label: 'In Entwurf umwandeln',
    why: 'Die Schnittstelle kann einen festgeschriebenen Beleg nicht wieder zum Entwurf machen. Storniere ihn stattdessen und lege ihn neu an.',
  },
  finalize: {
    label: 'Festschreiben',
    why: 'Die Schnittstelle schreibt Belege nur beim Anlegen fest, nicht danach. Schreibe den Entwurf in Lexware Office fest.',
  },
  delete: {
    label: 'Löschen',
    why: 'Die Schnittstelle kann Belege nicht löschen. Einen Entwurf löschst du in Lexware Office; ein festgeschriebener Beleg lässt sich nur stornieren.',
  },
} as const;
type InLexware = keyof typeof IN_LEXWARE;

/** `activator` names the menu button where several documents share a row (the order list); the card says „Aktionen“. */
export function DocumentActions({
  document,
  kind,
  orderId,
  label,
  activator = 'Aktionen',
}: {
  document: OrderDocument;
  kind: 'invoice' | 'credit';
  orderId: string;
  label: string;
  activator?: string;
}) {
  const { api } = useShell();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [menu, setMenu] = useState(false);
  const [explain, setExplain] = useState<InLexware | null>(null);
  const [confirm, setConfirm] = useState(false);
  const isDraft = document.status.toLowerCase() === 'draft';
  const cancel = useMutation({
    mutationFn: () =>
      api.request<{ message: string }>(
        `/orders/${encodeURIComponent(orderId)}/invoice/${encodeURIComponent(document._key)}/cancel`,
        { method: 'POST' },
      ),
    onSuccess: async (answer) => {
      toast(answer.message);
      setConfirm(false);
      // The documents and the order's log both changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['logs'] }),
      ]);
    },
  });
  const available: InLexware[] = isDraft
    ? ['address', 'finalize', 'delete']
    : ['address', 'paid', 'unpaid', 'draft', 'delete'];
  const canCancel = kind === 'invoice' && !isDraft && !document.cancelled;
  const items = [
    ...(canCancel
      ? [
          {
            content: 'Stornieren',
            destructive: true,
            onAction: () => {
              setMenu(false);
              setConfirm(true);
            },
          },
        ]
      : []),
    ...available.map((key) => ({
      content: IN_LEXWARE[key].label,
      onAction: () => {
        setMenu(false);
        setExplain(key);
      },
    })),
  ];
  const number = document.number ?? '';
  return (
    <>
      <Popover
        active={menu}
        onClose={() => setMenu(false)}
        activator={
          <Button disclosure onClick={() => setMenu(!menu)}>
            {activator}
          </Button>
        }
      >
        <ActionList actionRole="menuitem" items={items} />
      </Popover>
      {explain ? (
        <Modal
          open
          onClose={() => setExplain(null)}
          title={`${IN_LEXWARE[explain].label}: in Lexware Office`}
          primaryAction={
            document.lexwareUrl
              ? {
                  content: 'In Lexware Office öffnen',
                  url: document.lexwareUrl,
                  external: true,
                  onAction: () => setExplain(null),
                }
              : undefined
          }
          secondaryActions={[{ content: 'Schließen', onAction: () => setExplain(null) }]}
        >
          <Modal.Section>
            <Text as="p">{IN_LEXWARE[explain].why}</Text>
          </Modal.Section>
        </Modal>
      ) : null}
      {confirm ? (
        <Modal
          open
          onClose={() => setConfirm(false)}
          title={`${label} ${number} stornieren?`.replace(/\s+/g, ' ')}
          primaryAction={{
            content: 'Stornieren',
            destructive: true,
            loading: cancel.isPending,
            onAction: () => cancel.mutate(),
          }}
          secondaryActions={[{ content: 'Abbrechen', onAction: () => setConfirm(false) }]}
        >
          <Modal.Section>
            {cancel.isError ? (
              <Banner tone="critical" title="Nicht storniert">
                <p>{describeError(cancel.error)}</p>
              </Banner>
            ) : null}
            <Text as="p">
              Belegfluss legt in Lexware Office eine festgeschriebene Gutschrift über alle Positionen an, die auf diese
              Rechnung folgt und sie schließt (wie „Zu Gutschrift fortführen“). Das verbraucht eine Übertragung.
            </Text>
          </Modal.Section>
        </Modal>
      ) : null}
    </>
  );
}

import { describeError, shopQuery } from '@belegfluss/frontend-kit';
import { TRIAL_DAYS } from '@belegfluss/shared';
import { Banner, BlockStack, Button, Checkbox, InlineStack, Text } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../frame/toast';
import { CreditsNeededModal, enoughCredits } from '../notices/CreditsNeededModal';
import { useShell } from '../session/ShellContext';

/** Step 6: start the trial and switch automatic invoices and credit notes on or off. */
export function ActivateStep({ onDone, needed = 0 }: { onDone: () => void; /** transfers the imported orders without a document will use */ needed?: number }) {
  const { api } = useShell();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [invoiceCreate, setInvoiceCreate] = useState(true);
  const [creditCreate, setCreditCreate] = useState(true);
  const [asking, setAsking] = useState(false);
  const shop = useQuery(shopQuery(api));
  const enabled = invoiceCreate || creditCreate;
  const activate = useMutation({
    mutationFn: () => api.request(`/shop/enable/${enabled}`, { method: 'POST', body: { invoiceCreate, creditCreate } }),
    onSuccess: async () => {
      toast(enabled ? 'Belegerstellung aktiviert' : 'Belegerstellung deaktiviert');
      await queryClient.invalidateQueries({ queryKey: ['shop'] });
      onDone();
    },
  });

  return (
    <BlockStack gap="400">
      <Text as="p" variant="headingMd">
        Lexware Office ist verbunden.
      </Text>
      <Text as="p">
        Mit dem Abschluss beginnt deine kostenlose Testphase über {TRIAL_DAYS} Tage. Lege fest, was Belegfluss ab jetzt selbst
        erstellt:
      </Text>
      <Checkbox
        label="Rechnungen automatisch erstellen"
        checked={invoiceCreate}
        onChange={(on) => {
          setInvoiceCreate(on);
          // Credit notes refer to invoices (spec 3 §4).
          if (!on) setCreditCreate(false);
        }}
      />
      <Checkbox label="Gutschriften automatisch erstellen" checked={creditCreate} disabled={!invoiceCreate} onChange={setCreditCreate} />
      {activate.isError ? (
        <Banner tone="critical" title="Die Belegerstellung wurde nicht umgestellt">
          <p>{describeError(activate.error)}</p>
        </Banner>
      ) : null}
      <InlineStack align="end">
        <Button
          variant="primary"
          loading={activate.isPending}
          onClick={() => (invoiceCreate && needed > 0 && shop.data && !enoughCredits(shop.data.plan.credits, needed) ? setAsking(true) : activate.mutate())}
        >
          Testphase starten
        </Button>
      </InlineStack>
      {asking && shop.data ? (
        <CreditsNeededModal
          credits={shop.data.plan.credits}
          needed={needed}
          purpose={`die ${needed} importierten Bestellungen ohne Beleg`}
          proceedLabel="Trotzdem starten"
          onProceed={() => { setAsking(false); activate.mutate(); }}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </BlockStack>
  );
}

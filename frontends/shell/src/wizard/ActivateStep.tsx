import { describeError, formatNumber, navigate, shopQuery } from '@belegfluss/frontend-kit';
import { TRIAL_DAYS } from '@belegfluss/shared';
import { Banner, BlockStack, Button, Checkbox, InlineStack, Text } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../frame/toast';
import { TransfersNeededModal, enoughTransfers } from '../notices/TransfersNeededModal';
import { useShell } from '../session/ShellContext';

/**
 * Step 6: switch automatic invoices and credit notes on or off, then start the trial. The
 * trial belongs to the first paid plan, so "Testphase starten" leads to the plan
 * choice, where that plan begins with TRIAL_DAYS free days; the free plan needs no trial.
 * When the imported orders need more transfers than remain, the credit dialog asks first:
 * the gateway counts them by the rule that hands them to their workflows on activation, so the dialog's
 * number is the number of invoices the activation makes.
 */
export function ActivateStep({ onDone }: { onDone: () => void }) {
  const [then, setThen] = useState<'trial' | 'free'>('trial');
  const { api } = useShell();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [invoiceCreate, setInvoiceCreate] = useState(true);
  const [creditCreate, setCreditCreate] = useState(true);
  const [asking, setAsking] = useState(false);
  const shop = useQuery(shopQuery(api));
  const due = useQuery({
    queryKey: ['wizard-import-invoices'],
    queryFn: () => api.get<{ orders: number }>('/orders/import/wizard/invoices'),
  });
  const needed = due.data?.orders ?? 0;
  const enabled = invoiceCreate || creditCreate;
  const activate = useMutation({
    mutationFn: () => api.request(`/shop/enable/${enabled}`, { method: 'POST', body: { invoiceCreate, creditCreate } }),
    onSuccess: async () => {
      toast(enabled ? 'Belegerstellung aktiviert' : 'Belegerstellung deaktiviert');
      await queryClient.invalidateQueries({ queryKey: ['shop'] });
      onDone();
      if (then === 'trial') navigate('/plan');
    },
  });
  const start = (choice: 'trial' | 'free') => {
    setThen(choice);
    if (invoiceCreate && needed > 0 && shop.data && !enoughTransfers(shop.data.plan.credits, needed)) setAsking(true);
    else activate.mutate();
  };

  return (
    <BlockStack gap="400">
      <Text as="p" variant="headingMd">
        Lexware Office ist verbunden.
      </Text>
      <Text as="p">
        Lege fest, was Belegfluss ab jetzt selbst erstellt. Der erste bezahlte Tarif, den du wählst, beginnt mit einer
        kostenlosen Testphase über {TRIAL_DAYS} Tage; im kostenlosen Tarif stehen dir 10 Übertragungen im Monat zur
        Verfügung.
      </Text>
      <Checkbox
        label="Rechnungen automatisch erstellen"
        checked={invoiceCreate}
        onChange={(on) => {
          setInvoiceCreate(on);
          // Credit notes refer to invoices.
          if (!on) setCreditCreate(false);
        }}
      />
      <Checkbox
        label="Gutschriften automatisch erstellen"
        checked={creditCreate}
        disabled={!invoiceCreate}
        onChange={setCreditCreate}
      />
      {due.isError ? (
        <Banner tone="critical" title="Die importierten Bestellungen konnten nicht gezählt werden">
          <p>{describeError(due.error)}</p>
        </Banner>
      ) : null}
      {activate.isError ? (
        <Banner tone="critical" title="Die Belegerstellung wurde nicht umgestellt">
          <p>{describeError(activate.error)}</p>
        </Banner>
      ) : null}
      <InlineStack align="end" gap="200">
        <Button
          loading={activate.isPending && then === 'free'}
          disabled={activate.isPending || !due.isSuccess}
          onClick={() => start('free')}
        >
          Kostenlos fortfahren
        </Button>
        <Button
          variant="primary"
          loading={activate.isPending && then === 'trial'}
          disabled={activate.isPending || !due.isSuccess}
          onClick={() => start('trial')}
        >
          Testphase starten
        </Button>
      </InlineStack>
      {asking && shop.data ? (
        <TransfersNeededModal
          credits={shop.data.plan.credits}
          needed={needed}
          purpose={`die ${formatNumber(needed)} importierten Bestellungen ohne Beleg`}
          proceedLabel="Trotzdem starten"
          onProceed={() => {
            setAsking(false);
            activate.mutate();
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </BlockStack>
  );
}

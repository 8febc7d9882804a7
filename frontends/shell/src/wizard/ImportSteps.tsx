import { describeError } from '@belegfluss/frontend-kit';
import { Banner, BlockStack, Button, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useToast } from '../frame/toast';
import { useShell } from '../session/ShellContext';
import { MAX_IMPORT_BATCHES, plural, PROGRESS, type DocumentImportAnswer } from './wizard';

interface ImportStepProps {
  progress: number;
  setProgress: (value: number) => void;
  onNext: () => void;
  onCount?: (kind: 'orders' | 'linked', n: number) => void;
}

/** Starts the mutation once per mount; StrictMode's second mount keeps the ref. */
function useRunOnce(mutation: UseMutationResult<unknown, Error, void>) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutation.mutate();
  }, [mutation]);
}

function ImportLayout({ text, progress, mutation, failedTitle, onNext }: ImportStepProps & { text: string; failedTitle: string; mutation: UseMutationResult<unknown, Error, void> }) {
  return (
    <BlockStack gap="400">
      <Text as="p">{text}</Text>
      <ProgressBar progress={progress} tone={mutation.isError ? 'critical' : 'primary'} ariaLabelledBy="wizard-step-title" />
      {mutation.isError ? (
        <Banner
          tone="critical"
          title={failedTitle}
          action={{ content: 'Erneut versuchen', onAction: () => mutation.mutate() }}
          secondaryAction={{ content: 'Überspringen', onAction: onNext }}
        >
          <p>{describeError(mutation.error)}</p>
        </Banner>
      ) : null}
      {mutation.isPending ? (
        <InlineStack align="end">
          <Button loading disabled>
            Import läuft
          </Button>
        </InlineStack>
      ) : null}
    </BlockStack>
  );
}

/** Step 2: one POST imports the shop's orders; the toast names how many. */
export function ImportOrdersStep(props: ImportStepProps) {
  const { api } = useShell();
  const toast = useToast();
  const { setProgress, onNext, onCount } = props;
  const mutation = useMutation<unknown, Error, void>({
    mutationFn: () => api.request<{ affected?: number }>('/orders/import', { method: 'POST' }),
    onSuccess: (answer) => {
      onCount?.('orders', (answer as { affected?: number } | undefined)?.affected ?? 0);
      toast(`${plural((answer as { affected?: number } | undefined)?.affected ?? 0, 'Bestellung', 'Bestellungen')} importiert`);
      setProgress(PROGRESS.ordersImported);
      onNext();
    },
  });
  useRunOnce(mutation);
  return <ImportLayout {...props} mutation={mutation} failedTitle="Die Bestellungen konnten nicht importiert werden" text="Belegfluss liest die Bestellungen deines Shops ein." />;
}

/** Step 3: documents already in Lexware Office are linked, batch by batch, until no `continue`. */
export function ImportDocumentsStep(props: ImportStepProps) {
  const { api } = useShell();
  const toast = useToast();
  const { setProgress, onNext, onCount } = props;
  const mutation = useMutation<unknown, Error, void>({
    mutationFn: async () => {
      let linked = 0;
      // The bar shows 80 for as long as batches run, not only after the first one has come back.
      setProgress(PROGRESS.documentsImporting);
      for (let batch = 0; batch < MAX_IMPORT_BATCHES; batch += 1) {
        const answer = (await api.request<DocumentImportAnswer | undefined>('/lexoffice/import', { method: 'POST' })) ?? {};
        linked += answer.assigned ?? answer.affected ?? 0;
        if (!answer.continue) break;
      }
      return linked;
    },
    onSuccess: (linked) => {
      onCount?.('linked', linked as number);
      toast(`${plural(linked as number, 'Beleg', 'Belege')} verlinkt`);
      setProgress(PROGRESS.done);
      onNext();
    },
  });
  useRunOnce(mutation);
  return (
    <ImportLayout
      {...props}
      mutation={mutation}
      failedTitle="Die Belege konnten nicht importiert werden"
      text="Belegfluss sucht in Lexware Office nach Belegen, die schon zu deinen Bestellungen gehören, und verknüpft sie."
    />
  );
}

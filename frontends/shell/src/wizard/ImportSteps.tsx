import { describeError } from '@belegfluss/frontend-kit';
import { Banner, BlockStack, Button, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useToast } from '../frame/toast';
import { useShell } from '../session/ShellContext';
import {
  IMPORT_STOPPED,
  MAX_IMPORT_POLLS,
  pause,
  plural,
  PROGRESS,
  type DocumentImportAnswer,
  type OrderImportAnswer,
} from './wizard';

interface ImportStepProps {
  progress: number;
  setProgress: (value: number) => void;
  onNext: () => void;
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

function ImportLayout({
  text,
  progress,
  mutation,
  failedTitle,
  onNext,
}: ImportStepProps & { text: string; failedTitle: string; mutation: UseMutationResult<unknown, Error, void> }) {
  return (
    <BlockStack gap="400">
      <Text as="p">{text}</Text>
      <ProgressBar
        progress={progress}
        tone={mutation.isError ? 'critical' : 'primary'}
        ariaLabelledBy="wizard-step-title"
      />
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

/**
 * Step 2: one POST starts the import workflow (or joins the running one); its progress is
 * polled until the orders are in. The toast names how many the workflow stored.
 */
export function ImportOrdersStep(props: ImportStepProps) {
  const { api } = useShell();
  const toast = useToast();
  const { setProgress, onNext } = props;
  const mutation = useMutation<unknown, Error, void>({
    mutationFn: async () => {
      let answer = (await api.request<OrderImportAnswer | undefined>('/orders/import', { method: 'POST' })) ?? {};
      for (let poll = 0; answer.continue && poll < MAX_IMPORT_POLLS; poll += 1) {
        await pause();
        answer = (await api.get<OrderImportAnswer | undefined>('/orders/import/wizard')) ?? {};
      }
      if (answer.status === 'failed') throw new Error(IMPORT_STOPPED);
      return answer;
    },
    onSuccess: (answer) => {
      toast(
        `${plural((answer as OrderImportAnswer | undefined)?.affected ?? 0, 'Bestellung', 'Bestellungen')} importiert`,
      );
      setProgress(PROGRESS.ordersImported);
      onNext();
    },
  });
  useRunOnce(mutation);
  return (
    <ImportLayout
      {...props}
      mutation={mutation}
      failedTitle="Die Bestellungen konnten nicht importiert werden"
      text="Belegfluss liest die Bestellungen deines Shops ein."
    />
  );
}

/** Step 3: the workflow links documents already in Lexware Office; polled until no `continue`. */
export function ImportDocumentsStep(props: ImportStepProps) {
  const { api } = useShell();
  const toast = useToast();
  const { setProgress, onNext } = props;
  const mutation = useMutation<unknown, Error, void>({
    mutationFn: async () => {
      let linked = 0;
      // The bar shows 80 for as long as the import runs, not only after the first answer has come back.
      setProgress(PROGRESS.documentsImporting);
      for (let poll = 0; poll < MAX_IMPORT_POLLS; poll += 1) {
        if (poll > 0) await pause();
        const answer =
          (await api.request<DocumentImportAnswer | undefined>('/lexoffice/import', { method: 'POST' })) ?? {};
        // The answer counts the whole run, so the last one is the true number.
        linked = answer.assigned ?? answer.affected ?? linked;
        if (answer.status === 'failed') throw new Error(IMPORT_STOPPED);
        if (!answer.continue) break;
      }
      return linked;
    },
    onSuccess: (linked) => {
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

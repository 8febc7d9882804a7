import { Button, InlineStack, TextField } from '@shopify/polaris';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, type ApiClient } from './api';

export interface LinkAnswer {
  connected: true;
  companyName: string | null;
  sharedWith: string;
}

/**
 * An unconnected shop joins the Lexware connection of another shop of the same merchant with the code that
 * shop handed out. Both the settings and the connect wizard offer it, so it lives here once.
 */
export function LinkCodeForm({ api, onLinked }: { api: ApiClient; onLinked: (answer: LinkAnswer) => unknown }) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const link = useMutation({
    mutationFn: (value: string) =>
      api.request<LinkAnswer>('/lexoffice/link', { method: 'POST', body: { code: value } }),
    onSuccess: (answer) => onLinked(answer),
  });
  const submit = () => {
    const value = code.trim();
    // An empty field is answered here rather than by a disabled button, so the merchant learns what is missing.
    setMissing(value === '');
    if (value) link.mutate(value);
  };
  const error = missing
    ? 'Bitte gib den Code aus dem anderen Shop ein.'
    : link.isError
      ? describeError(link.error)
      : undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <InlineStack gap="200" blockAlign="end" wrap={false}>
        <div style={{ flexGrow: 1 }}>
          <TextField
            label="Code aus dem anderen Shop"
            value={code}
            onChange={(value) => {
              setCode(value);
              setMissing(false);
              link.reset();
            }}
            autoComplete="off"
            monospaced
            error={error}
          />
        </div>
        <Button submit loading={link.isPending}>
          Verbinden
        </Button>
      </InlineStack>
    </form>
  );
}

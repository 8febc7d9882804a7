import { describeError, GatedFeature, type ApiClient } from '@belegfluss/frontend-kit';
import { Select } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';

export interface PrintLayout {
  id: string;
  name: string;
  default: boolean;
}

/** The empty choice: Lexware prints with the organisation's default layout. */
export const DEFAULT_LAYOUT_LABEL = 'Standard-Layout von Lexware Office';

/**
 * The print layout of a document type, chosen from the Lexware organisation's layouts
 * (`GET /api/lexoffice/print-layouts`); null keeps Lexware's default.
 */
type Props = {
  api: ApiClient;
  value: string | null;
  disabled?: boolean;
  error?: string;
  onChange: (id: string | null) => void;
};

/** Own print layouts are a plan feature: locked below Standard. */
export function PrintLayoutSelect(props: Props) {
  return (
    <GatedFeature api={props.api} feature="layouts">
      <LayoutChoice {...props} />
    </GatedFeature>
  );
}

function LayoutChoice({ api, value, disabled, error, onChange }: Props) {
  const layouts = useQuery({
    queryKey: ['lexoffice', 'print-layouts'],
    queryFn: ({ signal }) => api.get<{ layouts: PrintLayout[] }>('/lexoffice/print-layouts', signal),
    retry: false,
    staleTime: 60_000,
  });
  const list = layouts.data?.layouts ?? [];
  const options = [
    { label: DEFAULT_LAYOUT_LABEL, value: '' },
    ...list.map((l) => ({ label: l.default ? `${l.name} (Standard in Lexware Office)` : l.name, value: l.id })),
    // A layout chosen earlier and since deleted in Lexware stays visible, so the choice is not silently different.
    ...(value && layouts.data && !list.some((l) => l.id === value)
      ? [{ label: 'Nicht mehr in Lexware Office vorhanden', value }]
      : []),
  ];
  const helpText = layouts.isError
    ? `Die Drucklayouts konnten nicht geladen werden: ${describeError(layouts.error)}`
    : layouts.isPending
      ? 'Drucklayouts werden geladen …'
      : 'Das Layout, mit dem Lexware Office den Beleg druckt.';
  return (
    <Select
      label="Drucklayout"
      options={options}
      value={value ?? ''}
      disabled={disabled || layouts.isPending}
      helpText={helpText}
      error={error}
      onChange={(id) => onChange(id === '' ? null : id)}
    />
  );
}

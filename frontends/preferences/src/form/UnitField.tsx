import { ALLOWED_UNIT_NAMES } from '@belegfluss/shared';
import { BlockStack, Select } from '@shopify/polaris';
import { useState } from 'react';
import { SavedTextField } from './SavedTextField';

const NONE = '-';
const CUSTOM = '__custom__';

/**
 * An item unit: "choose from a list with default, dash, or custom"; the list is
 * the unit names Lexware accepts. A placeholder text ({ORDER_ITEM.…}) counts as custom.
 */
export function UnitField({
  label,
  value,
  onCommit,
  error,
  disabled,
}: {
  label: string;
  value: string;
  onCommit: (unit: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const listed = value === NONE || (ALLOWED_UNIT_NAMES as readonly string[]).includes(value);
  const [custom, setCustom] = useState(!listed);
  const options = [
    ...ALLOWED_UNIT_NAMES.map((unit) => ({ label: unit, value: unit })),
    { label: '– (ohne Einheit)', value: NONE },
    { label: 'Eigene Einheit …', value: CUSTOM },
  ];
  return (
    <BlockStack gap="200">
      <Select
        label={label}
        options={options}
        value={custom ? CUSTOM : value}
        disabled={disabled}
        error={custom ? undefined : error}
        onChange={(next) => {
          setCustom(next === CUSTOM);
          if (next !== CUSTOM) onCommit(next);
        }}
      />
      {custom ? (
        <SavedTextField
          label="Eigene Einheit"
          helpText="Ein Text oder ein Platzhalter, z. B. {ORDER_ITEM.SKU}."
          value={listed ? '' : value}
          onCommit={onCommit}
          error={error}
          disabled={disabled}
        />
      ) : null}
    </BlockStack>
  );
}

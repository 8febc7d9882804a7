import { ATTACHMENT_EXTENSIONS, LIMITS } from '@belegfluss/shared';
import { BlockStack, Button, InlineStack, Tag, Text, TextField } from '@shopify/polaris';
import { useState, type KeyboardEvent } from 'react';
import { normalizeTag } from './send-mail';

/** Tags as Shopify knows them: a comma or Enter adds one, lower-cased. */
export function TagInput({
  label,
  helpText,
  value,
  onChange,
  disabled,
  error,
}: {
  label: string;
  helpText?: string;
  value: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const add = (raw: string[]) => {
    const next = [...new Set([...value, ...raw.map(normalizeTag).filter(Boolean)])];
    if (next.length !== value.length) onChange(next);
  };
  const type = (text: string) => {
    if (!text.includes(',')) return setDraft(text);
    const parts = text.split(',');
    add(parts.slice(0, -1));
    setDraft(parts.at(-1) ?? '');
  };
  const enter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add([draft]);
    setDraft('');
  };
  return (
    <BlockStack gap="200">
      <div onKeyDown={enter}>
        <TextField
          label={label}
          helpText={helpText}
          value={draft}
          onChange={type}
          onBlur={() => {
            add([draft]);
            setDraft('');
          }}
          disabled={disabled}
          error={error}
          autoComplete="off"
        />
      </div>
      {value.length > 0 ? (
        <InlineStack gap="100">
          {value.map((tag) => (
            <Tag
              key={tag}
              disabled={disabled}
              onRemove={() => onChange(value.filter((t) => t !== tag))}
              accessibilityLabel={`${tag} entfernen`}
            >
              {tag}
            </Tag>
          ))}
        </InlineStack>
      ) : null}
    </BlockStack>
  );
}

/** Up to five extra attachment URLs, each with its own error (`attachments.2`). */
export function AttachmentInputs({
  value,
  onChange,
  errorOf,
  disabled,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  errorOf: (index: number) => string | undefined;
  disabled?: boolean;
}) {
  return (
    <BlockStack gap="200">
      <Text as="p">{`Weitere Anhänge (bis zu ${LIMITS.attachments} Links)`}</Text>
      <Text
        as="p"
        tone="subdued"
      >{`Erlaubte Dateitypen: ${ATTACHMENT_EXTENSIONS.join(', ')}. Das PDF des Belegs hängt Belegfluss immer an.`}</Text>
      {value.map((url, index) => (
        <TextField
          key={index}
          label={`Anhang ${index + 1}`}
          placeholder="https://mein-laden.de/agb.pdf"
          value={url}
          onChange={(v) => onChange(value.map((old, i) => (i === index ? v : old)))}
          error={errorOf(index)}
          disabled={disabled}
          autoComplete="off"
          connectedRight={
            <Button
              disabled={disabled}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
              accessibilityLabel={`Anhang ${index + 1} entfernen`}
            >
              Entfernen
            </Button>
          }
        />
      ))}
      <InlineStack>
        <Button disabled={disabled || value.length >= LIMITS.attachments} onClick={() => onChange([...value, ''])}>
          Anhang hinzufügen
        </Button>
      </InlineStack>
    </BlockStack>
  );
}

import type { ApiClient } from '@belegfluss/frontend-kit';
import { TEMPLATE_GROUP_LABELS, TEMPLATE_VARIABLES, type TemplatePlaceholders } from '@belegfluss/shared';
import { BlockStack, Button, Collapsible, InlineStack, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useMetafieldCatalogue } from '../metafields/catalogue';

/**
 * A text field the picker writes into: the `id` given to its Polaris TextField, which lands on the input, and
 * the placeholders the text is rendered with.
 */
export interface TemplateField {
  id: string;
  label: string;
  accepts: TemplatePlaceholders;
}

type Editable = HTMLInputElement | HTMLTextAreaElement;

/**
 * Writes through the element's own value setter and an input event, so the field's onChange sees the
 * insertion as it sees typing: drafts, previews and saving on leaving the field stay the field's own.
 */
function insertAtCursor(el: Editable, text: string) {
  const start = el.selectionStart ?? el.value.length;
  const end = el.selectionEnd ?? start;
  const next = el.value.slice(0, start) + text + el.value.slice(end);
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, next);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.focus();
  el.setSelectionRange(start + text.length, start + text.length);
}

/**
 * The template placeholder picker: the groups the target text is rendered with, and the shop's metafield
 * placeholders where metafields are read; a click inserts one where the cursor last stood in the most
 * recently focused of `fields`.
 */
export function PlaceholderPicker({ api, id, fields }: { api: ApiClient; id: string; fields: TemplateField[] }) {
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<string>();
  const ids = fields.map((f) => f.id).join('\n');
  useEffect(() => {
    const mine = ids.split('\n');
    // Clicking a placeholder moves the focus to the button; the field that had it before stays the target.
    const follow = (event: FocusEvent) => {
      const el = event.target as Element | null;
      if (el && mine.includes(el.id)) setTarget(el.id);
    };
    document.addEventListener('focusin', follow);
    return () => document.removeEventListener('focusin', follow);
  }, [ids]);
  const field = fields.find((f) => f.id === target) ?? fields[0];
  const catalogue = useMetafieldCatalogue(api, open && fields.some((f) => f.accepts.metafields));
  const metafields = catalogue.data?.placeholders ?? [];
  const resourceLabel = (resource: string) =>
    catalogue.data?.resources.find((r) => r.id === resource)?.label ?? resource;

  const insert = (placeholder: string) => {
    const el = field && document.getElementById(field.id);
    // A field locked while its form saves takes no typing, so it takes no placeholder either.
    if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && !el.disabled)
      insertAtCursor(el, placeholder);
  };
  const groups = [
    ...(field?.accepts.groups ?? []).map((group) => ({
      title: TEMPLATE_GROUP_LABELS[group],
      entries: Object.entries(TEMPLATE_VARIABLES[group]).map(([name, label]) => ({ placeholder: `{${name}}`, label })),
    })),
    ...(field?.accepts.metafields && metafields.length > 0
      ? [
          {
            title: 'Metafelder',
            entries: metafields.map((m) => ({
              placeholder: m.placeholder,
              label: `${resourceLabel(m.resource)}: ${m.namespace}.${m.key}`,
            })),
          },
        ]
      : []),
  ];
  return (
    <BlockStack gap="200">
      <InlineStack>
        <Button variant="plain" disclosure={open ? 'up' : 'down'} onClick={() => setOpen(!open)} ariaControls={id}>
          Platzhalter
        </Button>
      </InlineStack>
      <Collapsible id={id} open={open}>
        <BlockStack gap="300">
          {field ? (
            <Text
              as="p"
              tone="subdued"
            >{`Ein Klick fügt den Platzhalter in „${field.label}“ an der Cursorposition ein.`}</Text>
          ) : null}
          {groups.map((g) => (
            <BlockStack key={g.title} gap="100">
              <Text as="h3" variant="headingSm">
                {g.title}
              </Text>
              <InlineStack gap="200" wrap>
                {g.entries.map((e) => (
                  <Button
                    key={e.placeholder}
                    size="slim"
                    onClick={() => insert(e.placeholder)}
                    accessibilityLabel={`${e.placeholder} ${e.label} einfügen`}
                  >
                    {`${e.placeholder} ${e.label}`}
                  </Button>
                ))}
              </InlineStack>
            </BlockStack>
          ))}
        </BlockStack>
      </Collapsible>
    </BlockStack>
  );
}

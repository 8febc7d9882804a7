import { BlockStack, Card, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { SaveNote } from '../form/SaveNote';
import type { InvoiceForm } from './types';
import { forcedText } from './words';

/** One section of the page: a card with its anchor, heading and auto-save feedback. */
export function Section({
  id,
  title,
  description,
  form,
  fields = [],
  children,
}: {
  id: string;
  title: string;
  description?: string;
  form: InvoiceForm;
  fields?: string[];
  children: ReactNode;
}) {
  const errors = Object.keys(form.errors).filter((f) => fields.some((g) => f === g || f.startsWith(`${g}.`)));
  return (
    <section id={id} aria-label={title}>
      <Card>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {title}
            </Text>
            {description ? (
              <Text as="p" tone="subdued">
                {description}
              </Text>
            ) : null}
          </BlockStack>
          {children}
          <SaveNote
            origin={id}
            feedback={form.feedback}
            failure={form.failure}
            forcedText={forcedText}
            errors={errors}
          />
        </BlockStack>
      </Card>
    </section>
  );
}

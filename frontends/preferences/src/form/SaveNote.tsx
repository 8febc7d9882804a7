import { BlockStack, Text } from '@shopify/polaris';
import type { SaveFeedback } from './use-section-form';

/**
 * The auto-save feedback of one card: "Gespeichert" for 5 seconds, the server's `forced`
 * changes in words, its warnings, or why a save failed without naming a field.
 */
export function SaveNote({
  origin,
  feedback,
  failure,
  forcedText,
  errors,
}: {
  origin: string;
  feedback?: SaveFeedback;
  failure?: { origin: string; message: string };
  /** The German sentence for a `forced` entry, or undefined when it doesn't concern this page. */
  forcedText?: (field: string) => string | undefined;
  /** Field errors to summarise, if any belong to this card. */
  errors?: string[];
}) {
  const mine = feedback?.origin === origin ? feedback : undefined;
  const forced = mine
    ? [...new Set(mine.forced.map((f) => forcedText?.(f)).filter((t): t is string => Boolean(t)))]
    : [];
  const failed = failure?.origin === origin ? failure.message : undefined;
  if (!mine && !failed && !errors?.length) return null;
  return (
    <BlockStack gap="100">
      {mine ? (
        <Text as="p" tone="success">
          Gespeichert
        </Text>
      ) : null}
      {forced.map((t) => (
        <Text key={t} as="p" tone="caution">
          {t}
        </Text>
      ))}
      {mine?.warnings.map((w) => (
        <Text key={w} as="p" tone="caution">
          {w}
        </Text>
      ))}
      {failed ? <Text as="p" tone="critical">{`Nicht gespeichert: ${failed}`}</Text> : null}
      {errors?.length ? (
        <Text as="p" tone="critical">
          Nicht gespeichert: bitte korrigiere die markierten Felder.
        </Text>
      ) : null}
    </BlockStack>
  );
}

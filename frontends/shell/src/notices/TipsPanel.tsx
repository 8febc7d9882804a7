import { BlockStack, Button, ButtonGroup, Card, InlineStack, Text } from '@shopify/polaris';
import { ChevronLeftIcon, ChevronRightIcon, XIcon } from '@shopify/polaris-icons';
import { useEffect, useState } from 'react';
import { dismiss, isDismissed } from './dismissals';
import { TIP_INTERVAL_MS, TIPS, type Tip } from './tips';

export const TIPS_DISMISSAL_ID = 'tips';

/** About 19 tips, advancing every 5 s, with previous, next and hide. */
export function TipsPanel({
  tips = TIPS,
  intervalMs = TIP_INTERVAL_MS,
}: {
  tips?: readonly Tip[];
  intervalMs?: number;
}) {
  const [hidden, setHidden] = useState(() => isDismissed(TIPS_DISMISSAL_ID));
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = tips.length;

  useEffect(() => {
    if (hidden || paused || count < 2) return undefined;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [hidden, paused, count, intervalMs]);

  const tip = tips[index];
  if (hidden || !tip) return null;
  const step = (delta: number) => setIndex((current) => (current + delta + count) % count);

  return (
    // data-dismissible: index.html's first view leaves the panel out once hidden, as here (scripts/first-paint.tsx).
    <div
      data-dismissible={TIPS_DISMISSAL_ID}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <Card>
        <BlockStack gap="200">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingSm">
              {`Tipp ${index + 1} von ${count}`}
            </Text>
            <ButtonGroup variant="segmented">
              <Button icon={ChevronLeftIcon} accessibilityLabel="Vorheriger Tipp" onClick={() => step(-1)} />
              <Button icon={ChevronRightIcon} accessibilityLabel="Nächster Tipp" onClick={() => step(1)} />
              <Button
                icon={XIcon}
                accessibilityLabel="Tipps ausblenden"
                onClick={() => {
                  dismiss(TIPS_DISMISSAL_ID);
                  setHidden(true);
                }}
              />
            </ButtonGroup>
          </InlineStack>
          <div aria-live="polite">
            <Text as="p">{tip.text}</Text>
          </div>
          {tip.url ? (
            <div>
              <Button variant="plain" url={tip.url}>
                {tip.action ?? 'Mehr erfahren'}
              </Button>
            </div>
          ) : null}
        </BlockStack>
      </Card>
    </div>
  );
}

import { describeError } from '@belegfluss/frontend-kit';
import {
  hasXl,
  REGIME_MESSAGES,
  vatRegimeFromProfile,
  vatRegimeWarnings,
  type VatRegimeChoice,
} from '@belegfluss/shared';
import { Banner, BlockStack, Button, ChoiceList, InlineStack, List, SkeletonBodyText, Text } from '@shopify/polaris';
import { useMutation } from '@tanstack/react-query';
import { useShell } from '../session/ShellContext';
import { useLexwareProfile } from './profile';
import { ProfileError } from './ProfileError';
import { VAT_OPTIONS } from './wizard';

interface Props {
  choice: VatRegimeChoice | null;
  onChoice: (choice: VatRegimeChoice) => void;
  onNext: () => void;
}

/** Step 4: the VAT regime, preselected from the Lexware profile, which is pulled every 2.5 s meanwhile. */
export function VatRegimeStep({ choice, onChoice, onNext }: Props) {
  const { api } = useShell();
  const profile = useLexwareProfile(true);
  const effective = choice ?? (profile.data ? vatRegimeFromProfile(profile.data) : null);
  const save = useMutation({
    mutationFn: (vatRegime: VatRegimeChoice) =>
      api.request('/preferences/general', { method: 'PATCH', body: { vatRegime } }),
    onSuccess: onNext,
  });

  if (profile.isPending) return <SkeletonBodyText lines={4} />;
  if (profile.isError && !profile.data)
    return <ProfileError error={profile.error} onRetry={() => void profile.refetch()} />;
  const data = profile.data;
  const needsXl = effective === 'oss' && !hasXl(data);
  const warnings = effective
    ? vatRegimeWarnings(effective, data).filter((text) => text !== REGIME_MESSAGES.OSS_REQUIRES_XL)
    : [];

  return (
    <BlockStack gap="400">
      <ChoiceList
        title="Wie versteuerst du deine Umsätze?"
        choices={VAT_OPTIONS}
        selected={effective ? [effective] : []}
        onChange={([value]) => value && onChoice(value as VatRegimeChoice)}
      />
      {needsXl ? (
        <Banner tone="critical" title={REGIME_MESSAGES.OSS_REQUIRES_XL}>
          <p>Für den One-Stop-Shop braucht Belegfluss mindestens die Version XL von Lexware Office.</p>
        </Banner>
      ) : null}
      {warnings.length > 0 ? (
        <Banner tone="warning" title="Konfiguration erforderlich">
          <BlockStack gap="200">
            <List>
              {warnings.map((text) => (
                <List.Item key={text}>{text}</List.Item>
              ))}
            </List>
            <Text as="p">
              Passe die Einstellung in Lexware Office an; Belegfluss prüft sie alle 2,5 Sekunden erneut.
            </Text>
          </BlockStack>
        </Banner>
      ) : null}
      {save.isError ? (
        <Banner
          tone="critical"
          title="Die Auswahl wurde nicht gespeichert"
          secondaryAction={{ content: 'Überspringen', onAction: onNext }}
        >
          <p>{describeError(save.error)}</p>
        </Banner>
      ) : null}
      <InlineStack align="end">
        <Button
          variant="primary"
          disabled={!effective || needsXl}
          loading={save.isPending}
          onClick={() => effective && save.mutate(effective)}
        >
          Weiter
        </Button>
      </InlineStack>
    </BlockStack>
  );
}

import { Banner, BlockStack, Layout, Page, Text } from '@shopify/polaris';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** The area's German name, e.g. „Einstellungen“. */
  area: string;
  onRetry: () => void;
  /** Changes on every retry; a new key clears the error. */
  attempt: number;
  children: ReactNode;
}

interface State {
  error: Error | null;
  attempt: number;
}

/**
 * Catches a remote that cannot be fetched or that fails while rendering, so the
 * frame and every other area keep working. Retrying reloads only this area.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: this.props.attempt };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.attempt !== state.attempt ? { error: null, attempt: props.attempt } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Bereich ${this.props.area} fehlgeschlagen`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Page title={this.props.area}>
        <Layout>
          <Layout.Section>
            <Banner
              tone="critical"
              title="Dieser Bereich konnte nicht geladen werden"
              action={{ content: 'Erneut versuchen', onAction: this.props.onRetry }}
            >
              <BlockStack gap="200">
                <p>
                  Der Bereich „{this.props.area}“ ist gerade nicht erreichbar. Alles andere in Belegfluss funktioniert
                  weiter.
                </p>
                <Text as="p" tone="subdued" breakWord>
                  Technische Details: {this.state.error.message}
                </Text>
              </BlockStack>
            </Banner>
          </Layout.Section>
        </Layout>
      </Page>
    );
  }
}

import { Toast } from '@shopify/polaris';
import { useCallback, useState, type ReactNode } from 'react';

/**
 * Toasts for a remote: Polaris draws them through the Frame the shell (or the
 * standalone mount) has put above; the remote only renders the returned node.
 */
export function useRemoteToast(): [ReactNode, (content: string, error?: boolean) => void] {
  const [toast, setToast] = useState<{ id: number; content: string; error: boolean } | null>(null);
  const show = useCallback((content: string, error = false) => setToast({ id: Date.now(), content, error }), []);
  const node = toast ? (
    <Toast key={toast.id} content={toast.content} error={toast.error} onDismiss={() => setToast(null)} />
  ) : null;
  return [node, show];
}

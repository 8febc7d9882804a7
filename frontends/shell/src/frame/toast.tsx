import { Toast } from '@shopify/polaris';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

export type ShowToast = (content: string, options?: { error?: boolean }) => void;

const ToastContext = createContext<ShowToast>(() => undefined);

/** Polaris toasts need the Frame above them; pages only call `useToast()`. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<{ id: number; content: string; error: boolean }[]>([]);
  const nextId = useRef(0);
  const show = useCallback<ShowToast>((content, options) => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((current) => [...current, { id, content, error: options?.error ?? false }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {toasts.map((toast) => (
        <Toast
          key={toast.id}
          content={toast.content}
          error={toast.error}
          duration={5000}
          onDismiss={() => setToasts((current) => current.filter((entry) => entry.id !== toast.id))}
        />
      ))}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}

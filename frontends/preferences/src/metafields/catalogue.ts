import type { ApiClient } from '@belegfluss/frontend-kit';
import { useQuery } from '@tanstack/react-query';

export interface ReadEntry {
  resource: string;
  namespace: string;
  key: string;
}
export interface WriteEntry {
  value: string;
  namespace: string;
  key: string;
}
/** What `GET /api/metafields` answers: the entries, their limits and scopes, and the placeholders they become. */
export interface Catalogue {
  read: ReadEntry[];
  write: WriteEntry[];
  limit: number;
  placeholders: (ReadEntry & { placeholder: string })[];
  resources: { id: string; label: string; scope: string; granted: boolean }[];
  writable: { id: string; category: string; label: string; type: string; example: string }[];
  writeScope: { scope: string; granted: boolean };
}

export const METAFIELDS_KEY = ['metafields'] as const;

/** The metafields page, the link wizard and the placeholder picker read one cached catalogue. */
export function useMetafieldCatalogue(api: ApiClient, enabled = true) {
  return useQuery({
    queryKey: METAFIELDS_KEY,
    queryFn: ({ signal }) => api.get<Catalogue>('/metafields', signal),
    enabled,
  });
}

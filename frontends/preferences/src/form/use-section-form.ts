import { describeError, errorField, type ApiClient } from '@belegfluss/frontend-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

type Raw = Record<string, unknown>;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The gateway's merge: objects key by key; arrays, null and scalars replace. */
function merge<T extends Raw>(base: T, patch: Raw): T {
  const out: Raw = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = isObject(v) && isObject(base[k]) ? merge(base[k], v) : v;
  return out as T;
}

/** What `PATCH /api/preferences/{section}` answers. */
export interface SectionAnswer<T> {
  section: string;
  value: T;
  forced?: string[];
  warnings?: string[];
}

/** The last save, shown for 5 seconds next to the control it came from. */
export interface SaveFeedback {
  origin: string;
  forced: string[];
  warnings: string[];
}

/** Settings show their auto-save feedback for 5 seconds. */
export const SAVED_FEEDBACK_MS = 5_000;

/**
 * One preferences section, loaded and auto-saved change by change. A failed save keeps its
 * German message at the field the gateway names (`invoiceLayout.title`) or, without one, at its origin.
 */
export function useSectionForm<T extends Raw>(api: ApiClient, section: string) {
  const queryClient = useQueryClient();
  const key = ['preferences', section];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<SectionAnswer<T>>(`/preferences/${section}`, signal),
  });
  const [feedback, setFeedback] = useState<SaveFeedback>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ origin: string; message: string }>();

  const mutation = useMutation({
    mutationFn: ({ patch }: { patch: Raw; origin: string }) =>
      api.request<SectionAnswer<T>>(`/preferences/${section}`, { method: 'PATCH', body: patch }),
    onSuccess: (answer, { origin }) => {
      setFeedback({ origin, forced: answer.forced ?? [], warnings: answer.warnings ?? [] });
      queryClient.setQueryData(key, { section, value: answer.value });
      // Other sections may have changed with it (the create switches are tied together).
      return queryClient.invalidateQueries({ queryKey: ['preferences'], predicate: (q) => q.queryKey[1] !== section });
    },
    onError: (error, { origin }) => {
      const field = errorField(error);
      if (field) setErrors((e) => ({ ...e, [field]: describeError(error) }));
      else setFailure({ origin, message: describeError(error) });
    },
  });

  useEffect(() => {
    if (!feedback) return;
    const timer = setTimeout(() => setFeedback(undefined), SAVED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  /** Saves a change; `fields` are the error keys it replaces (default: its top-level keys). */
  const save = (origin: string, patch: Raw, fields: string[] = Object.keys(patch)) => {
    setFeedback(undefined);
    setFailure(undefined);
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([f]) => !fields.some((g) => f === g || f.startsWith(`${g}.`)))),
    );
    mutation.mutate({ patch, origin });
  };

  return {
    query,
    /** The stored value, with a change that is being saved already applied (a switch moves at once). */
    value: query.data && mutation.isPending ? merge(query.data.value, mutation.variables.patch) : query.data?.value,
    save,
    busy: mutation.isPending,
    feedback,
    failure,
    /** The server's message for a field (`invoiceLayout.title`), if its last save failed there. */
    error: (field: string) => errors[field],
    errors,
  };
}

export type SectionForm<T extends Raw> = ReturnType<typeof useSectionForm<T>>;

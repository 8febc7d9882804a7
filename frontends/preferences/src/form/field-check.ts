/** Any zod object schema of @belegfluss/shared, seen only as far as checking one field needs. */
interface FieldSchemas {
  shape: Record<string, { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }>;
}

/** The shared schema's German message for one field's value, or undefined when it is valid — checked before saving. */
export function checkField(schema: FieldSchemas, field: string, value: unknown): string | undefined {
  const parsed = schema.shape[field]?.safeParse(value);
  return parsed && !parsed.success ? (parsed.error?.issues[0]?.message ?? 'Ungültiger Wert') : undefined;
}

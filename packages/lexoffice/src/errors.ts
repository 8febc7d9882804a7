/**
 * A failed Lexware call. `retryable` follows api-notes: a 429 was not performed and
 * a 500 is harmless to repeat; a 504 may have succeeded, so a write must be looked
 * up before it is repeated (`ambiguous`).
 */
export class LexofficeError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly method: string,
    readonly path: string,
  ) {
    super(`Lexware ${method} ${path} answered ${status}: ${LexofficeError.describe(body)}`);
    this.name = 'LexofficeError';
  }

  get retryable(): boolean {
    return this.status === 429 || this.status === 500 || this.status === 502 || this.status === 503 || (this.status === 504 && this.method === 'GET');
  }

  get ambiguous(): boolean {
    return this.status === 504 && this.method !== 'GET';
  }

  /** Whether the refusal names this field (`address.contactId`), in either error shape. */
  names(field: string): boolean {
    const b = (this.body ?? {}) as { details?: { field?: string }[]; IssueList?: { source?: string }[] };
    return [...(b.details ?? []).map((d) => d.field), ...(b.IssueList ?? []).map((i) => i.source)].includes(field);
  }

  /** Both error shapes: newer `{message, details[]}` and older `{IssueList[]}`. */
  static describe(body: unknown): string {
    if (!body || typeof body !== 'object') return String(body ?? '');
    const b = body as { message?: string | null; details?: { field?: string; message?: string }[]; IssueList?: { i18nKey?: string; source?: string }[] };
    if (b.details?.length) return b.details.map((d) => `${d.field ?? ''}: ${d.message ?? ''}`).join('; ');
    if (b.IssueList?.length) return b.IssueList.map((i) => `${i.source ?? ''}: ${i.i18nKey ?? ''}`).join('; ');
    return b.message ?? JSON.stringify(body);
  }
}

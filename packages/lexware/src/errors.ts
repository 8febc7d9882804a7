/**
 * A failed Lexware call. `retryable` follows api-notes: a 429 was not performed and
 * a 500 is harmless to repeat; a 504 may have succeeded, so a write must be looked
 * up before it is repeated (`ambiguous`).
 */
export class LexwareError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly method: string,
    readonly path: string,
    /** How long Lexware asked us to wait before the next try (its Retry-After), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(`Lexware ${method} ${path} answered ${status}: ${LexwareError.describe(body)}`);
    this.name = 'LexwareError';
  }

  get retryable(): boolean {
    return (
      this.status === 429 ||
      this.status === 500 ||
      this.status === 502 ||
      this.status === 503 ||
      (this.status === 504 && this.method === 'GET')
    );
  }

  /** A stable code for the callers' decisions (never the message text). */
  get code(): 'RATE_LIMITED' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'REJECTED' | 'UNAVAILABLE' {
    if (this.status === 429) return 'RATE_LIMITED';
    if (this.status === 401) return 'UNAUTHORIZED';
    if (this.status === 403) return 'FORBIDDEN';
    if (this.status === 404) return 'NOT_FOUND';
    if (this.status === 409) return 'CONFLICT';
    return this.status >= 500 ? 'UNAVAILABLE' : 'REJECTED';
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
    const b = body as {
      message?: string | null;
      details?: { field?: string; message?: string }[];
      IssueList?: { i18nKey?: string; source?: string }[];
    };
    if (b.details?.length) return b.details.map((d) => `${d.field ?? ''}: ${d.message ?? ''}`).join('; ');
    if (b.IssueList?.length) return b.IssueList.map((i) => `${i.source ?? ''}: ${i.i18nKey ?? ''}`).join('; ');
    return b.message ?? JSON.stringify(body);
  }
}

/** The shop has no Lexware connection (never connected, or revoked). The message stays `NOT_CONNECTED` for logs. */
export class LexwareNotConnectedError extends Error {
  readonly code = 'NOT_CONNECTED';
  readonly status = 409;
  readonly retryable = false;
  constructor() {
    super('NOT_CONNECTED');
    this.name = 'LexwareNotConnectedError';
  }
}

/** Lexware's OAuth token endpoint refused (`code` is its `error`, e.g. `invalid_grant`); 400/401 means the grant is gone. */
export class LexwareOauthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'LexwareOauthError';
  }

  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }

  /** The refresh token (or code) is no longer accepted: only a new connection helps. */
  get refused(): boolean {
    return this.status === 400 || this.status === 401;
  }
}

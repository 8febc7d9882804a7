/**
 * Lexware's limit: a token bucket of 2 requests per second per organisation (however many connections reach it),
 * shared by every endpoint.
 * A refused request is not performed, so clients may retry it blindly.
 */
export class TokenBuckets {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private perSecond: () => number) {}

  take(key: string, now = Date.now()): boolean {
    const rate = this.perSecond();
    if (rate <= 0) return true;
    const b = this.buckets.get(key) ?? { tokens: rate, at: now };
    b.tokens = Math.min(rate, b.tokens + ((now - b.at) / 1000) * rate);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  reset(): void {
    this.buckets.clear();
  }
}

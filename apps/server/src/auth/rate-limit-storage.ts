// In-memory rate-limit counters, one store per app instance. better-auth's built-in memory
// store is a module-level map shared by every instance in the process, which would let test
// files (and apps built side by side) throttle each other.
import type { BetterAuthRateLimitStorage } from 'better-auth';

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

const MAX_KEYS = 100_000;

export function createMemoryRateLimitStorage(): BetterAuthRateLimitStorage {
  const buckets = new Map<string, { count: number; resetAt: number }>();

  function prune(now: number) {
    for (const [key, bucket] of buckets) if (now >= bucket.resetAt) buckets.delete(key);
    // Still full (a flood of distinct IPs): drop the oldest entries rather than grow forever.
    for (const key of buckets.keys()) {
      if (buckets.size <= MAX_KEYS) break;
      buckets.delete(key);
    }
  }

  return {
    async consume(key, rule) {
      const now = Date.now();
      if (buckets.size >= MAX_KEYS) prune(now);
      const bucket = buckets.get(key);
      if (!bucket || now >= bucket.resetAt) {
        buckets.set(key, { count: 1, resetAt: now + rule.window * 1000 });
        return { allowed: true, retryAfter: null };
      }
      if (bucket.count >= rule.max) {
        return { allowed: false, retryAfter: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)) };
      }
      bucket.count += 1;
      return { allowed: true, retryAfter: null };
    },
  };
}

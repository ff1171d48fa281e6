/**
 * A check whose answer is kept for `ttlMs`: readiness probes (every few seconds, from every load
 * balancer and orchestrator that watches the instance) then ask the file storage's bucket
 * (HeadBucket) at most once per `ttlMs` per instance, however many probes arrive. A failure is
 * kept as long as a success (a failing bucket is not asked harder either); probes that arrive
 * while a check is under way wait for that same check.
 */
export function cachedCheck(
  check: () => Promise<void>,
  { ttlMs, now = () => Date.now() }: { ttlMs: number; now?: () => number },
): () => Promise<void> {
  let kept: { at: number; answer: Promise<void> } | null = null;
  return () => {
    const at = now();
    if (kept && at - kept.at < ttlMs) return kept.answer;
    const answer = check();
    // the answer is shared: whoever awaits it sees the failure; kept itself never rejects unheard
    answer.catch(() => {});
    kept = { at, answer };
    return answer;
  };
}

/** How long /readyz keeps the file storage's answer. */
export const STORAGE_CHECK_TTL_MS = 5_000;

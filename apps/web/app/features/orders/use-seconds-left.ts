import { useEffect, useState } from 'react';

/**
 * Seconds left until an instant (ISO), updated once a second; null without an instant. Computed
 * from the deadline and the clock on every tick, so a throttled tab stays right.
 */
export function useSecondsLeft(until: string | null | undefined, now: () => number = Date.now) {
  const deadline = until ? Date.parse(until) : null;
  const [current, setCurrent] = useState(now);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setCurrent(now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadline, now]);

  if (deadline === null) return null;
  return Number.isNaN(deadline) ? 0 : Math.max(0, Math.ceil((deadline - current) / 1000));
}

import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before an action may run again (a resend button): `start(60)` arms it, and it
 * counts down to 0 once a second. Computed from a deadline, so a throttled tab stays right.
 */
export function useCountdown(now: () => number = Date.now) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) setDeadline(null);
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, now]);

  const start = useCallback(
    (seconds: number) => {
      const clean = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
      setLeft(clean);
      setDeadline(clean > 0 ? now() + clean * 1000 : null);
    },
    [now],
  );

  return { secondsLeft: left, running: left > 0, start };
}

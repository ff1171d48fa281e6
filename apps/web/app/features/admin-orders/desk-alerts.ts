import { useEffect, useRef, useState } from 'react';

/** Where the admin's choice is remembered (this browser only). */
export const DESK_ALERTS_KEY = 'permuta.desk.alerts';

function readChoice(): boolean {
  try {
    return window.localStorage.getItem(DESK_ALERTS_KEY) === 'on';
  } catch {
    return false;
  }
}

/** A short two-tone beep, drawn with Web Audio (no file to load); silent where unsupported. */
function beep() {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  try {
    const context = new Context();
    const gain = context.createGain();
    gain.gain.value = 0.08;
    gain.connect(context.destination);
    [880, 660].forEach((frequency, i) => {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(context.currentTime + i * 0.18);
      tone.stop(context.currentTime + i * 0.18 + 0.15);
    });
    window.setTimeout(() => void context.close(), 1000);
  } catch {
    // a browser that refuses audio without a gesture stays silent
  }
}

/**
 * The desk's optional alerts: off until the admin turns them on (remembered in localStorage).
 * Turning them on is the click that asks for the browser's permission to notify. While on, a
 * rise of `waiting` (not the first count) beeps and, when allowed, shows a desktop notification
 * saying `message(waiting)`.
 */
export function useDeskAlerts(
  waiting: number | undefined,
  notice: { title: string; message: (waiting: number) => string },
) {
  const [enabled, setEnabled] = useState(readChoice);
  const last = useRef<number | undefined>(undefined);

  useEffect(() => {
    const before = last.current;
    last.current = waiting;
    if (!enabled || waiting === undefined || before === undefined || waiting <= before) return;
    beep();
    if ('Notification' in window && Notification.permission === 'granted') {
      try {
        new Notification(notice.title, { body: notice.message(waiting), tag: 'permuta-desk' });
      } catch {
        // some mobile browsers allow notifications from a service worker only
      }
    }
  }, [waiting, enabled, notice]);

  const toggle = (on: boolean) => {
    setEnabled(on);
    try {
      window.localStorage.setItem(DESK_ALERTS_KEY, on ? 'on' : 'off');
    } catch {
      // private mode: the choice lasts for this page only
    }
    if (on && 'Notification' in window && Notification.permission === 'default') {
      void Notification.requestPermission();
    }
  };

  return { enabled, toggle };
}

/**
 * Puts the count of waiting work before the page's title ("(3) Pedidos · Permuta") while the
 * desk is open, and takes it away again when it closes.
 */
export function useTitleCount(count: number | undefined) {
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = count ? `(${count}) ${base}` : base;
    return () => {
      document.title = document.title.replace(/^\(\d+\) /, '');
    };
  }, [count]);
}

import { Suspense, lazy, useEffect, useState } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import { loadSonner, toasterMounted } from '../lib/toast.ts';

const Toaster = lazy(() =>
  loadSonner().then((module) => ({
    default: function MountedToaster(props: Parameters<typeof module.Toaster>[0]) {
      useEffect(() => toasterMounted(), []);
      return <module.Toaster {...props} />;
    },
  })),
);

/**
 * Toasts: bottom right, 5 s, rich colours, at most 5 visible, F8 to focus them; themed to the
 * colour mode. Mounted once the page is idle, so sonner is not part of the first load.
 */
export function AppToaster() {
  const scheme = useComputedColorScheme('dark', { getInitialValueInEffect: true });
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const start = () => setMounted(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(start, 1000);
    return () => clearTimeout(id);
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-right"
        richColors
        duration={5000}
        visibleToasts={5}
        hotkey={['F8']}
        theme={scheme}
        closeButton
      />
    </Suspense>
  );
}

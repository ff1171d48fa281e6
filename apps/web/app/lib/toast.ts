/**
 * Toasts (sonner). The library loads after the page is interactive (see AppToaster); calls made
 * before that wait for the toaster to be on screen, so that no toast is lost.
 */
import type * as SonnerModule from 'sonner';

type Sonner = typeof SonnerModule;
type ToastOptions = Parameters<Sonner['toast']['success']>[1];

let sonner: Promise<Sonner> | null = null;
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

/** Called by AppToaster once <Toaster> is mounted. */
export function toasterMounted(): void {
  markReady();
}

async function show<T>(run: (s: Sonner) => T): Promise<T> {
  const module = await loadSonner();
  await ready;
  return run(module);
}

export const toast = {
  message: (text: string, options?: ToastOptions) => show((s) => s.toast(text, options)),
  success: (text: string, options?: ToastOptions) => show((s) => s.toast.success(text, options)),
  info: (text: string, options?: ToastOptions) => show((s) => s.toast.info(text, options)),
  warning: (text: string, options?: ToastOptions) => show((s) => s.toast.warning(text, options)),
  error: (text: string, options?: ToastOptions) => show((s) => s.toast.error(text, options)),
  /** stays until dismissed or replaced (pass its id to success/error to replace it) */
  loading: (text: string, options?: ToastOptions) => show((s) => s.toast.loading(text, options)),
  dismiss: (id?: string | number) => show((s) => s.toast.dismiss(id)),
};

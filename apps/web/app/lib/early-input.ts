import { useEffect, useRef, type RefObject } from 'react';
import { FORM_READY_EVENT } from './hydration-events.ts';

/**
 * What a visitor types into a prerendered form before the page hydrates stays on screen, but
 * React does not tell the component: its state keeps the prerendered (empty) value, so the next
 * render or the submit would lose the text. React's own fix for this is not in a stable release
 * yet.
 *
 * `replayEarlyInput(form)` finds the fields whose value differs from the one React rendered and
 * plays the change again, so each field's onChange receives what is on screen:
 *  - text fields: React watches a field's `value` through a setter it installs on the element;
 *    the field goes back to the rendered value through that setter (React's record), gets the
 *    visitor's text through the browser's own setter (the screen), and an `input` event then
 *    reaches onChange with the text;
 *  - checkboxes and radios: back to the rendered state, then a click, as the visitor did.
 * Read-only, disabled and hidden inputs are left alone (the visitor cannot have changed them).
 */
export function replayEarlyInput(form: HTMLElement): number {
  let replayed = 0;
  for (const element of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input, textarea',
  )) {
    if (element.readOnly || element.disabled || element.type === 'hidden') continue;
    if (element instanceof HTMLInputElement && checkable(element)) {
      if (element.checked === element.defaultChecked) continue;
      element.checked = element.defaultChecked;
      element.click();
      replayed += 1;
      continue;
    }
    const shown = element.value;
    if (shown === element.defaultValue) continue;
    const nativeValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value');
    if (!nativeValue?.set) continue;
    element.value = element.defaultValue;
    nativeValue.set.call(element, shown);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    replayed += 1;
  }
  return replayed;
}

const checkable = (element: HTMLInputElement) =>
  element.type === 'checkbox' || element.type === 'radio';

/**
 * For the form of a prerendered page: `<form ref={useEarlyInput()}>`. Once the form has
 * hydrated, replays what was typed before (see replayEarlyInput), then tells the page's loader
 * that the form is ready (a submit the loader held before hydration then goes; see
 * `scripts/paint-first.ts`).
 */
export function useEarlyInput<T extends HTMLElement = HTMLFormElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    replayEarlyInput(form);
    form.dispatchEvent(new Event(FORM_READY_EVENT, { bubbles: true }));
  }, []);
  return ref;
}

/**
 * How a prerendered page's loader (`scripts/paint-first.ts`, before the app runs) and the app
 * tell each other where hydration is. Plain names, no imports: the build script reads them too.
 */

/** On `document`, right before `hydrateRoot`: from then on React answers the page's events. */
export const HYDRATING_EVENT = 'permuta:hydrating';

/**
 * On a form of a prerendered page (bubbling), once it has hydrated and taken what was typed
 * before (`useEarlyInput`): a submit held until then can go.
 */
export const FORM_READY_EVENT = 'permuta:form-ready';

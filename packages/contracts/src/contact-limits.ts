/**
 * The contact form's limits, in a module without zod: the contact page shows the longest message
 * without loading the schema (it loads when the form is used).
 */

/** The longest message the contact form takes. */
export const CONTACT_MESSAGE_MAX = 4000;

/**
 * Messages a visitor may send from one IP address per hour through the contact form, before
 * CONTACT_THROTTLED (429).
 */
export const CONTACT_MESSAGES_PER_HOUR = 5;

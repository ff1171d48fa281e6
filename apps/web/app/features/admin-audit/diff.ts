/** One line of an audit entry's before/after: a field that changed, appeared or went away. */
export interface AuditChange {
  /** dotted path of the field, e.g. `status` or `limits.max` */
  field: string;
  kind: 'changed' | 'added' | 'removed';
  before: string | null;
  after: string | null;
}

type Flat = Map<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects become dotted fields; arrays and scalars are values. A non-object is one `value` field. */
function flatten(value: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (value === null || value === undefined) return into;
  if (!isPlainObject(value)) {
    into.set(prefix || 'value', value);
    return into;
  }
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(inner) && Object.keys(inner).length > 0) flatten(inner, path, into);
    else into.set(path, inner);
  }
  return into;
}

/** A value as a person reads it: text as is, numbers and booleans as written, the rest as JSON. */
export function showValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * What an audit entry changed: for an update, the fields whose value differs; for a creation
 * (nothing before), every field recorded after; for a deletion, every field recorded before.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const old = flatten(before);
  const now = flatten(after);
  const fields = [...new Set([...old.keys(), ...now.keys()])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const was = old.has(field) ? showValue(old.get(field)) : null;
    const is = now.has(field) ? showValue(now.get(field)) : null;
    if (!old.has(field)) {
      if (is !== null) changes.push({ field, kind: 'added', before: null, after: is });
    } else if (!now.has(field)) {
      if (was !== null) changes.push({ field, kind: 'removed', before: was, after: null });
    } else if (was !== is) {
      changes.push({ field, kind: 'changed', before: was, after: is });
    }
  }
  return changes;
}

import enUS from '../app/locales/en-US.json';
import ptBR from '../app/locales/pt-BR.json';

/**
 * Finds English on a Portuguese page: the texts of the English catalogue that differ from their
 * Portuguese translation (and the English the UI libraries bring by default), looked for in what
 * a reader or a screen reader gets of `root`: its text and its labelling attributes.
 */

function values(value: unknown, out: Map<string, string> = new Map(), prefix = '') {
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else values(child, out, path);
  }
  return out;
}

/** English that libraries write by themselves unless told otherwise. */
const LIBRARY_ENGLISH = ['Toggle password visibility'];

/**
 * The pieces of English worth looking for: each catalogue value cut at its placeholders, keeping
 * pieces of at least three words (a single word like "PIX" or "E-mail" is the same in both).
 */
function englishPieces(): string[] {
  const en = values(enUS);
  const pt = values(ptBR);
  const ptTexts = new Set(pt.values());
  const pieces = new Set<string>(LIBRARY_ENGLISH);
  for (const [key, text] of en) {
    if (pt.get(key) === text) continue;
    for (const piece of text.split(/\{\{[^}]*\}\}/)) {
      const trimmed = piece.trim().replace(/[.,:;!?]+$/, '');
      if (trimmed.split(/\s+/).length < 3) continue;
      if ([...ptTexts].some((ptText) => ptText.includes(trimmed))) continue;
      pieces.add(trimmed);
    }
  }
  return [...pieces];
}

const PIECES = englishPieces();

const LABELS = ['aria-label', 'title', 'alt', 'placeholder', 'aria-description'];

/** What a reader or a screen reader gets of `root`, whitespace collapsed. */
export function readableText(root: HTMLElement): string {
  const parts = [root.textContent ?? ''];
  for (const element of root.querySelectorAll('*')) {
    for (const name of LABELS) {
      const value = element.getAttribute(name);
      if (value) parts.push(value);
    }
  }
  return parts.join('\n').replace(/\s+/g, ' ');
}

/** The pieces of English found in `root` (empty on a page wholly in Portuguese). */
export function englishIn(root: HTMLElement): string[] {
  const text = readableText(root);
  return PIECES.filter((piece) => text.includes(piece.replace(/\s+/g, ' ')));
}

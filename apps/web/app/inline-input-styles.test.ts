import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's Switch, Checkbox and Radio lay out their label beside the control with the styles of
 * InlineInput, a stylesheet of its own. A screen that imports only `Switch.css` shows its labels
 * under the toggle on a full load (and beside it once another screen has brought InlineInput's
 * stylesheet in), so every file that uses them imports it, itself or through a local styles
 * module (`import './styles.ts'`).
 */
const root = path.resolve(import.meta.dirname);
const INLINE = '@mantine/core/styles/InlineInput.css';
const CONTROLS = ['Switch', 'Checkbox', 'Radio'];

function mantineImports(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)].flatMap((m) =>
    m[1]!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!),
  );
}

function bringsInline(file: string, text: string): boolean {
  if (text.includes(INLINE)) return true;
  return [...text.matchAll(/import\s+'(\.{1,2}\/[\w./-]*styles\.ts)'/g)].some((m) =>
    readFileSync(path.resolve(path.dirname(file), m[1]!), 'utf8').includes(INLINE),
  );
}

describe("the inline controls' stylesheet", () => {
  it('is imported by every screen that uses a Switch, Checkbox or Radio', () => {
    const files = globSync('**/*.tsx', { cwd: root })
      .filter((file) => !/\.test\.tsx$|(^|\/)testing\.tsx$/.test(file))
      .map((file) => path.join(root, file));
    const missing = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      const uses = mantineImports(text).some((name) => CONTROLS.includes(name));
      return uses && !bringsInline(file, text);
    });
    expect(files.length).toBeGreaterThan(50);
    expect(missing.map((file) => path.relative(root, file))).toEqual([]);
  });
});

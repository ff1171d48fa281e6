import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ORDER_MARKER,
  ROOT_STYLESHEET,
  layerOf,
  layerOrderStatement,
  mantineLayerOrder,
  mantineLayers,
  unlayeredImports,
} from './mantine-layers.ts';

describe('the order of Mantine layers', () => {
  const order = mantineLayerOrder();

  it('follows Mantine: the global styles first, base components before those built on them', () => {
    expect(order.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    const before = (a: string, b: string) =>
      expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
    before('UnstyledButton', 'Button');
    before('UnstyledButton', 'NavLink');
    before('Paper', 'Button');
    before('Paper', 'Modal');
    before('Overlay', 'Modal');
    before('ModalBase', 'Modal');
    before('Input', 'NumberInput');
    before('Popover', 'Combobox');
  });

  it('holds every stylesheet of core once, then the extension packages', () => {
    expect(new Set(order).size).toBe(order.length);
    expect(order).toContain('Typography');
    expect(order.indexOf('charts')).toBeGreaterThan(order.indexOf('Typography'));
  });
});

describe('the layer of a stylesheet', () => {
  it('is one per core component, one per extension package, none for other files', () => {
    expect(layerOf('/x/node_modules/@mantine/core/styles/Button.css')).toBe('mantine.Button');
    expect(layerOf('C:\\x\\node_modules\\@mantine\\core\\styles\\Paper.css')).toBe('mantine.Paper');
    expect(layerOf('/x/node_modules/@mantine/charts/styles.css')).toBe('mantine.charts');
    expect(layerOf('/x/node_modules/@mantine/core/styles.css')).toBeNull();
    expect(layerOf('/x/app/layouts/layouts.module.css')).toBeNull();
  });
});

describe('the Vite plugin', () => {
  const plugin = mantineLayers();
  const errors: string[] = [];
  const context = {
    error(message: string): never {
      errors.push(message);
      throw new Error(message);
    },
  };
  (plugin.buildStart as () => void).call(context);
  const transform = (code: string, id: string) =>
    (plugin.transform as (code: string, id: string) => { code: string } | null | undefined).call(
      context,
      code,
      id,
    );

  it('wraps a component stylesheet in its layer', () => {
    const css = '.m_77c9d27d { padding: 0 var(--button-padding-x); }';
    expect(transform(css, '/x/node_modules/@mantine/core/styles/Button.css')?.code).toBe(
      `@layer mantine.Button {\n${css}\n}\n`,
    );
  });

  it('declares every layer, in order, at the top of the root stylesheet', () => {
    const root = readFileSync(ROOT_STYLESHEET, 'utf8');
    expect(root).toContain(ORDER_MARKER);
    const code = transform(root, ROOT_STYLESHEET)?.code ?? '';
    const statement = layerOrderStatement(mantineLayerOrder());
    expect(code.indexOf(statement)).toBeGreaterThanOrEqual(0);
    // before any rule: the first `@import` (the imports precede everything else)
    expect(code.indexOf(statement)).toBeLessThan(code.indexOf('@import'));
  });

  it("leaves the app's own CSS alone", () => {
    expect(transform('.a { color: red }', '/x/app/components/x.module.css')).toBeNull();
  });

  it('refuses stylesheets that would escape the order', () => {
    expect(() => transform('', '/x/node_modules/@mantine/core/styles.css')).toThrow(
      /per-component/,
    );
    expect(() => transform('', '/x/node_modules/@mantine/core/styles/Button.layer.css')).toThrow(
      /per-component/,
    );
    expect(() =>
      transform("@import '@mantine/core/styles/Button.css';", '/x/app/other.css'),
    ).toThrow(/name the Mantine layer/);
  });
});

describe('imports of Mantine stylesheets in CSS', () => {
  it('must name their layer', () => {
    expect(
      unlayeredImports(
        [
          "@import '@mantine/core/styles/Paper.css' layer(mantine.Paper);",
          "@import '@mantine/core/styles/Button.css';",
          "@import '@mantine/core/styles/Text.css' layer(mantine.Title);",
          "@import './local.css';",
        ].join('\n'),
      ),
    ).toEqual([
      "@import '@mantine/core/styles/Button.css';",
      "@import '@mantine/core/styles/Text.css' layer(mantine.Title);",
    ]);
  });

  it('are all layered in the root stylesheet', () => {
    expect(unlayeredImports(readFileSync(ROOT_STYLESHEET, 'utf8'))).toEqual([]);
  });
});

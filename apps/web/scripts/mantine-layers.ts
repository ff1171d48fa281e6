/**
 * Mantine's stylesheets in cascade layers, so that the page's look does not depend on the order
 * in which they reach the document (decision 015).
 *
 * Each screen imports the CSS of the components it uses, and Vite splits it over many files. On
 * a reload or an in-app navigation they land in another order: a later copy of UnstyledButton's
 * reset (`padding: 0; background: transparent`) then beat Button's own rules, which have the
 * same specificity, and buttons showed as bare text.
 *
 * Here every Mantine stylesheet goes into a layer of its own, `mantine.<Name>`, and the root
 * stylesheet (app/styles.css, in every page's HTML) declares all those layers first, in the order
 * of Mantine's complete stylesheet (`@mantine/core/styles.css`: UnstyledButton and Paper before
 * Button, ModalBase before Modal...). A layer's rank is fixed by that first declaration, so a
 * stylesheet that arrives later, or twice, cannot move it. The app's own CSS stays unlayered and
 * so wins over every Mantine layer, as it did when it came after Mantine's files.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** The stylesheet whose top declares the layers (in every page's HTML, before any other CSS). */
export const ROOT_STYLESHEET = path.resolve(import.meta.dirname, '../app/styles.css');

/** The line of the root stylesheet that the declaration of every layer replaces. */
export const ORDER_MARKER = '@layer mantine;';

/** One component's stylesheet: `@mantine/core/styles/Button.css` -> `Button`. */
const CORE_FILE = /\/@mantine\/core\/styles\/([\w-]+)\.css$/;
/** A whole extension package's stylesheet: `@mantine/charts/styles.css` -> `charts`. */
const PACKAGE_FILE = /\/@mantine\/([\w-]+)\/styles\.css$/;
/** Stylesheets that would bypass the order: already layered, or all of core at once. */
const REFUSED_FILE = /\/@mantine\/([\w-]+)\/(styles\.layer\.css|styles\/[\w-]+\.layer\.css)$/;

const normalise = (id: string) => id.replaceAll('\\', '/').split('?')[0] ?? id;

/**
 * The names of Mantine's stylesheets in the order of its complete stylesheet: core's files
 * (`baseline`, `default-css-variables`, `global`, then the components), then the extension
 * packages installed beside it (`charts`, `dropzone`...), which style on top of core.
 */
export function mantineLayerOrder(
  coreDir = path.dirname(require.resolve('@mantine/core/styles.css')),
): string[] {
  const complete = readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
  const stylesDir = path.join(coreDir, 'styles');
  const core = readdirSync(stylesDir)
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => {
      const text = readFileSync(path.join(stylesDir, file), 'utf8').trim();
      const at = complete.indexOf(text);
      if (at < 0) throw new Error(`${file} is not part of @mantine/core/styles.css`);
      return { name: file.slice(0, -'.css'.length), at };
    })
    .sort((a, b) => a.at - b.at)
    .map(({ name }) => name);
  const packagesDir = path.dirname(coreDir);
  const packages = readdirSync(packagesDir)
    .filter((name) => name !== 'core' && existsSync(path.join(packagesDir, name, 'styles.css')))
    .sort();
  return [...core, ...packages];
}

/** The layer a Mantine stylesheet goes into, or null for any other file. */
export function layerOf(id: string): string | null {
  const file = normalise(id);
  const component = CORE_FILE.exec(file)?.[1];
  if (component) return `mantine.${component}`;
  const extension = PACKAGE_FILE.exec(file)?.[1];
  if (extension && extension !== 'core') return `mantine.${extension}`;
  return null;
}

/**
 * The app's `@import`s of Mantine stylesheets that lack their layer: Vite inlines an `@import`
 * without passing the file through the plugins, so it must name the layer itself.
 */
export function unlayeredImports(css: string): string[] {
  const wrong: string[] = [];
  for (const [statement, spec = '', rest = ''] of css.matchAll(
    /@import\s+(?:url\()?['"]([^'"]+)['"]\)?([^;]*);/g,
  )) {
    const layer = layerOf(`/node_modules/${spec}`);
    if (layer && !rest.includes(`layer(${layer})`)) wrong.push(statement);
  }
  return wrong;
}

/** Declares every layer in order (the statement the root stylesheet starts with). */
export function layerOrderStatement(order: string[]): string {
  return `@layer ${order.map((name) => `mantine.${name}`).join(', ')};`;
}

/**
 * Vite plugin: wraps each Mantine stylesheet in its layer and puts the declaration of every
 * layer at the marker of the root stylesheet. Refuses, at build time, Mantine stylesheets that
 * would escape the order: `styles.layer.css` files (one shared layer) and the whole
 * `@mantine/core/styles.css`.
 */
export function mantineLayers(): Plugin {
  let order: string[] = [];
  return {
    name: 'permuta-mantine-layers',
    enforce: 'pre',
    buildStart() {
      order = mantineLayerOrder();
    },
    transform(code, id) {
      const file = normalise(id);
      if (!file.endsWith('.css')) return null;
      if (!file.includes('/node_modules/')) {
        const wrong = unlayeredImports(code);
        if (wrong.length > 0)
          this.error(`${file}: name the Mantine layer of ${wrong.join(' ')} (mantine-layers.ts)`);
      }
      if (path.resolve(file) === ROOT_STYLESHEET) {
        if (!code.includes(ORDER_MARKER))
          this.error(`app/styles.css must hold the line "${ORDER_MARKER}" (mantine-layers.ts)`);
        return { code: code.replace(ORDER_MARKER, layerOrderStatement(order)), map: null };
      }
      if (REFUSED_FILE.test(file) || file.endsWith('/@mantine/core/styles.css'))
        this.error(
          `${file}: import the plain per-component stylesheets (@mantine/core/styles/X.css); ` +
            'scripts/mantine-layers.ts puts them in ordered layers',
        );
      const layer = layerOf(file);
      if (!layer) return null;
      if (!order.includes(layer.slice('mantine.'.length)))
        this.error(`${file}: no place for ${layer} in Mantine's order`);
      return { code: `@layer ${layer} {\n${code}\n}\n`, map: null };
    },
  };
}

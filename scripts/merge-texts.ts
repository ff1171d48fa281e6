/**
 * Merges texts into the web catalogues: `node scripts/merge-texts.ts texts.json`, where the file
 * holds `{ "en-US": { ...keys }, "pt-BR": { ...keys } }`. Objects merge deeply, strings replace.
 * Several people may add texts at once: run it under `flock /tmp/permuta-locales.lock`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (typeof value === 'object' && current && typeof current === 'object') merge(current, value);
    else target[key] = value;
  }
  return target;
}

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/merge-texts.ts texts.json');
const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Tree>;
const dir = path.resolve(import.meta.dirname, '../apps/web/app/locales');
for (const locale of ['en-US', 'pt-BR']) {
  const source = texts[locale];
  if (!source) throw new Error(`${file} has no "${locale}" texts`);
  const target = path.join(dir, `${locale}.json`);
  const merged = merge(JSON.parse(readFileSync(target, 'utf8')) as Tree, source);
  writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
}
console.info(`merged ${file} into both catalogues`);

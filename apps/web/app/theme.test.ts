import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

const full = mergeMantineTheme(DEFAULT_THEME, theme);

/** A `var(--mantine-color-violet-3)` or a hex colour, as a hex colour of the theme. */
function hex(value: string): string {
  const named = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(value);
  if (!named) return value;
  const shade = full.colors[named[1]!]?.[Number(named[2])];
  if (!shade) throw new Error(`no colour ${value}`);
  return shade;
}

function luminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(color.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(hex(a)), luminance(hex(b))].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The link colour of a scheme: ours where we set one, else Mantine's. */
function anchor(scheme: 'light' | 'dark'): string {
  return (cssVariablesResolver(full)[scheme]['--mantine-color-anchor'] ??
    defaultCssVariablesResolver(full)[scheme]['--mantine-color-anchor'])!;
}

describe('link colour', () => {
  // Mantine's Table: striped rows are gray-0 (light) and dark-6 (dark); the body is white and
  // dark-7 (Table.css, default-css-variables.css)
  it('reads at 4.5:1 or more on the striped rows of a table (order links of my orders, treasury)', () => {
    expect(contrast(anchor('dark'), 'var(--mantine-color-dark-6)')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(anchor('light'), 'var(--mantine-color-gray-0)')).toBeGreaterThanOrEqual(4.5);
  });

  it('reads at 4.5:1 or more on the page body', () => {
    expect(contrast(anchor('dark'), 'var(--mantine-color-dark-7)')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(anchor('light'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

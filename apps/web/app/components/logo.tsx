import { Group, Text } from '@mantine/core';
import { BRAND } from '../lib/build-info.ts';

/** The swap mark (same drawing as public/logo.svg), optionally followed by the brand name. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="permuta-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#845ef7" />
          <stop offset="1" stopColor="#5f3dc4" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#permuta-mark)" />
      <g fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M17 25h28l-8-8" />
        <path d="M47 39H19l8 8" />
      </g>
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap" component="span">
      <LogoMark size={size} />
      <Text component="span" fw={800} fz="xl" lh={1} c="var(--mantine-color-text)">
        {BRAND}
      </Text>
    </Group>
  );
}

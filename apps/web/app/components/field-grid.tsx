import '@mantine/core/styles/SimpleGrid.css';
import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import classes from './field-grid.module.css';

/** A field: its label, its value (empty shows `—`) and whether the value reads in monospace. */
export type FieldRow = [label: string, value: ReactNode, mono?: boolean];

/** A description list of a record's fields: label above value, two columns from small screens up. */
export function FieldGrid({ rows }: { rows: readonly FieldRow[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
      {rows.map(([label, value, mono]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} className={mono ? classes.mono : undefined}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

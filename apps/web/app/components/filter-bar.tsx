import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import type { ReactNode } from 'react';
import { Button, Group, Loader, TextInput } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';

export interface FilterBarDates {
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  /** said under "to" when it is before "from" */
  orderError: string;
  /** the earliest and latest day the inputs offer (the API's bounds), if any */
  min?: string | undefined;
  max?: string | undefined;
}

/**
 * The filter row above a back-office list: the screen's own filters (`children`), a date range
 * that says when its end is before its start, "clear filters" while anything filters, the
 * screen's `actions` (export...) and a spinner while a new page loads behind the one on screen.
 */
export function FilterBar({
  children,
  dates,
  clear,
  actions,
  busy,
}: {
  children?: ReactNode;
  dates?: FilterBarDates | undefined;
  /** shown only when given: pass it while a filter is set */
  clear?: { label: string; onClear: () => void } | undefined;
  actions?: ReactNode;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const dateError =
    dates && dates.from && dates.to && dates.from > dates.to ? dates.orderError : undefined;
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      {children}
      {dates && (
        <>
          <TextInput
            type="date"
            label={dates.fromLabel}
            value={dates.from}
            min={dates.min}
            max={dates.to || dates.max}
            onChange={(event) => dates.onFrom(event.currentTarget.value)}
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            type="date"
            label={dates.toLabel}
            value={dates.to}
            min={dates.from || dates.min}
            max={dates.max}
            onChange={(event) => dates.onTo(event.currentTarget.value)}
            error={dateError}
            w={{ base: '100%', xs: 170 }}
          />
        </>
      )}
      {clear && (
        <Button variant="subtle" onClick={clear.onClear}>
          {clear.label}
        </Button>
      )}
      {actions}
      {busy && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
    </Group>
  );
}

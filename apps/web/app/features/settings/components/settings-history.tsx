import './styles.ts';
import { List, Table, Text } from '@mantine/core';
import { SETTINGS_KEYS } from '@permuta/contracts/settings';
import type { SettingsKey } from '@permuta/contracts/settings';
import type { TFunction } from 'i18next';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatAmount } from '../../../lib/amount.ts';
import { isApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Locale } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSettingsHistory } from '../api/get-settings-history.ts';
import { weekdayNames } from './settings-form.tsx';

const AMOUNT_FIELDS = new Set<string>([
  'boletoFee',
  'pixMinReceive',
  'pixMaxReceive',
  'derivMinReceive',
  'derivMaxReceive',
  'whatsappThresholdBrl',
]);

function isSettingsKey(field: string): field is SettingsKey {
  return (SETTINGS_KEYS as string[]).includes(field);
}

/** A recorded value as people read it, in the page's language. */
export function describeValue(field: string, value: unknown, t: TFunction, locale: Locale): string {
  if (value === null || value === undefined || value === '')
    return t('adminSettings.history.emptyValue');
  if (typeof value === 'boolean')
    return value ? t('adminSettings.history.yes') : t('adminSettings.history.no');
  if (typeof value === 'string' && AMOUNT_FIELDS.has(field)) return formatAmount(value, locale);
  if (field === 'pixKeyType' && typeof value === 'string') {
    const known = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
    const type = known.find((k) => k === value);
    return type ? t(`adminSettings.pixKeyTypes.${type}`) : value;
  }
  if (field === 'operatingHours' && typeof value === 'object') {
    const hours = value as { timeZone?: string; days?: number[]; open?: string; close?: string };
    const names = weekdayNames(locale);
    const days = (hours.days ?? []).map((day) => names[day - 1]?.slice(0, 3) ?? String(day));
    return `${days.join(', ')} ${hours.open ?? ''}–${hours.close ?? ''} (${hours.timeZone ?? ''})`;
  }
  if (typeof value === 'object') {
    return Object.values(value as Record<string, unknown>)
      .map((part) => String(part))
      .join(', ');
  }
  return String(value);
}

/** The latest changes of the settings (from the audit log): when, who, each field before → after. */
export function SettingsHistoryList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const history = useSettingsHistory(locale);

  return (
    <TitledSection id="settings-history" title={t('adminSettings.history.title')}>
      <Text size="sm" c="dimmed">
        {t('adminSettings.history.intro')}
      </Text>
      {history.isPending ? (
        <LoadingStatus />
      ) : history.isError ? (
        <LoadFailure
          message={isApiError(history.error) ? history.error.message : t('messages.generic')}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.items.length === 0 ? (
        <Text>{t('adminSettings.history.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" data-testid="settings-history">
            <Table.Caption>{t('adminSettings.history.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('adminSettings.history.when')}</Table.Th>
                <Table.Th scope="col">{t('adminSettings.history.who')}</Table.Th>
                <Table.Th scope="col">{t('adminSettings.history.what')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.at, locale)}
                  </Table.Td>
                  <Table.Td>{entry.actor ?? t('adminSettings.history.deletedAdmin')}</Table.Td>
                  <Table.Td>
                    <List size="sm" spacing={4}>
                      {entry.changes.map((change) => (
                        <List.Item key={change.field}>
                          {t('adminSettings.history.change', {
                            field: isSettingsKey(change.field)
                              ? t(`adminSettings.fields.${change.field}`)
                              : change.field,
                            before: describeValue(change.field, change.before, t, locale),
                            after: describeValue(change.field, change.after, t, locale),
                          })}
                        </List.Item>
                      ))}
                    </List>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </TitledSection>
  );
}

import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ComplianceSummary } from '@permuta/contracts/compliance';
import { adminRoleAllows } from '@permuta/contracts/admin-roles';
import { useTranslation } from '../../../i18n/react.tsx';
import { fieldsOf } from './fields-of.ts';
import { useAdminRole } from '../../../lib/admin-access.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useRecordDeclaration } from '../api/compliance.ts';

type Due = NonNullable<ComplianceSummary['declarationDue']>;

/** The yearly reminder: which year's declaration is owed and by when (also on the dashboard). */
export function DeclarationReminder({ due }: { due: Due }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Alert
      color={due.overdue ? 'red' : 'yellow'}
      title={t('adminCompliance.declaration.dueTitle', { year: due.year })}
      data-testid="coaf-declaration-due"
    >
      {t(due.overdue ? 'adminCompliance.declaration.overdue' : 'adminCompliance.declaration.due', {
        year: due.year,
        date: formatDate(due.deadline, locale),
      })}
    </Alert>
  );
}

function RecordForm({ year }: { year: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const record = useRecordDeclaration(locale);
  const [sentOn, setSentOn] = useState('');
  const [protocol, setProtocol] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        record.mutate(
          { year, sentOn, protocol },
          {
            onSuccess: () => void toast.success(t('adminCompliance.declaration.recorded')),
            onError: (failure) => {
              setErrors(fieldsOf(failure));
              void toast.error(failure.message);
            },
          },
        );
      }}
    >
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('adminCompliance.declaration.sentOn')}
            value={sentOn}
            onChange={(event) => setSentOn(event.currentTarget.value)}
            error={errors.sentOn}
          />
          <TextInput
            label={t('adminCompliance.protocol')}
            value={protocol}
            onChange={(event) => setProtocol(event.currentTarget.value)}
            error={errors.protocol}
          />
        </Group>
        <Group>
          <Button type="submit" loading={record.isPending}>
            {t('adminCompliance.declaration.record', { year })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The yearly declaration of non-occurrence: the reminder, the owners' record, the history. */
export function DeclarationPanel({ summary }: { summary: ComplianceSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const role = useAdminRole();
  const owner = role !== null && adminRoleAllows(role, 'owner');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="coaf-declaration-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="coaf-declaration-title">
          {t('adminCompliance.declaration.title')}
        </Title>
        <Text size="sm">{t('adminCompliance.declaration.help')}</Text>
        {summary.declarationDue ? (
          <>
            <DeclarationReminder due={summary.declarationDue} />
            {owner ? (
              <RecordForm year={summary.declarationDue.year} />
            ) : (
              <Text size="sm">{t('adminCompliance.declaration.ownersRecord')}</Text>
            )}
          </>
        ) : (
          <Text size="sm" data-testid="coaf-declaration-none">
            {t('adminCompliance.declaration.noneDue')}
          </Text>
        )}
        {summary.declarations.length > 0 && (
          <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
            {summary.declarations.map((d) => (
              <Text component="li" size="sm" key={d.year}>
                {t('adminCompliance.declaration.line', {
                  year: d.year,
                  date: formatDate(d.sentOn, locale),
                  protocol: d.protocol,
                  name: d.recordedBy,
                  at: formatDateTime(d.recordedAt, locale),
                })}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

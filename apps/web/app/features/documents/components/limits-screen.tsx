import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Progress.css';
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatBrl } from '@permuta/contracts/money';
import { ENHANCED_DOCUMENT_TYPES } from '@permuta/contracts/accounts';
import { INCOME_RANGES } from '@permuta/contracts/tiers';
import type { IncomeRange, TierLimitsView } from '@permuta/contracts/tiers';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useDeclareEnhanced } from '../api/declare-enhanced.ts';
import { useTierLimits } from '../api/get-tier-limits.ts';
import { DocumentCard } from './document-card.tsx';

/** Used, limit and what is left of one window (the day or the month). */
function WindowCard({
  id,
  title,
  limit,
  used,
  remaining,
  locale,
}: {
  id: 'daily' | 'monthly';
  title: string;
  limit: string;
  used: string;
  remaining: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const share = Number(limit) > 0 ? Math.min(100, (Number(used) / Number(limit)) * 100) : 0;
  return (
    <Paper withBorder p="lg" data-testid={`limit-${id}`}>
      <Stack gap="xs">
        <Text fw={700}>{title}</Text>
        <Text size="xl" fw={700} data-testid={`limit-${id}-remaining`}>
          {t('limits.remaining', { amount: formatBrl(remaining, locale) })}
        </Text>
        <Progress value={share} aria-label={title} />
        <Text size="sm" c="dimmed" data-testid={`limit-${id}-used`}>
          {t('limits.usedOf', {
            used: formatBrl(used, locale),
            limit: formatBrl(limit, locale),
          })}
        </Text>
      </Stack>
    </Paper>
  );
}

function Declaration({ current }: { current: TierLimitsView['enhanced']['declaration'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const declare = useDeclareEnhanced(locale);
  const [incomeRange, setIncomeRange] = useState<IncomeRange | ''>(current?.incomeRange ?? '');
  const [occupation, setOccupation] = useState(current?.occupation ?? '');
  const problem = declare.error;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="declaration-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!incomeRange) return;
          declare.mutate(
            { incomeRange, occupation },
            { onSuccess: () => void toast.success(t('limits.declaration.saved')) },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="declaration-title">
            {t('limits.declaration.title')}
          </Title>
          <NativeSelect
            label={t('limits.declaration.incomeRange')}
            required
            value={incomeRange}
            onChange={(event) => setIncomeRange(event.currentTarget.value as IncomeRange | '')}
            data={[
              { value: '', label: t('limits.declaration.choose') },
              ...INCOME_RANGES.map((range) => ({
                value: range,
                label: t(`limits.incomeRanges.${range}`),
              })),
            ]}
            data-testid="income-range"
          />
          <TextInput
            label={t('limits.declaration.occupation')}
            required
            maxLength={100}
            value={occupation}
            onChange={(event) => setOccupation(event.currentTarget.value)}
            error={isApiError(problem) ? problem.fields.occupation : undefined}
            data-testid="occupation"
          />
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem.message}
            </Alert>
          )}
          <Group>
            <Button
              type="submit"
              loading={declare.isPending}
              disabled={!incomeRange || occupation.trim().length < 2}
              data-testid="declare-enhanced"
            >
              {current ? t('limits.declaration.update') : t('limits.declaration.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** How to reach the next level: the step of the current one, with its link or its form. */
function NextStep({ data }: { data: TierLimitsView }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: ['tier-limits'] });
  if (data.level === 0) {
    return (
      <Stack gap="xs">
        <Text>{t('limits.next.level1')}</Text>
        <Anchor component={LocalLink} to="/validate-email" fw={600}>
          {t('limits.next.validateEmail')}
        </Anchor>
      </Stack>
    );
  }
  if (data.level === 1) {
    return (
      <Stack gap="xs">
        <Text>{t('limits.next.level2')}</Text>
        <Anchor component={LocalLink} to="/profile/documents" fw={600} data-testid="send-documents">
          {t('limits.next.sendDocuments')}
        </Anchor>
      </Stack>
    );
  }
  if (data.level === 3) {
    return <Text data-testid="top-level">{t('limits.next.top')}</Text>;
  }
  const { enhanced } = data;
  return (
    <Stack gap="md" data-testid="enhanced-request">
      <Text>{t('limits.next.level3')}</Text>
      {enhanced.status === 'uploaded' &&
        enhanced.declaration &&
        enhanced.documents.length === ENHANCED_DOCUMENT_TYPES.length && (
          <Alert color="blue" variant="light" data-testid="enhanced-waiting">
            {t('limits.enhanced.waiting')}
          </Alert>
        )}
      {ENHANCED_DOCUMENT_TYPES.map((type) => (
        <DocumentCard
          key={type}
          type={type}
          document={enhanced.documents.find((doc) => doc.type === type)}
          onUploaded={refresh}
        />
      ))}
      <Declaration current={enhanced.declaration} />
    </Stack>
  );
}

/** The customer's KYC level, its daily and monthly limits with what is left, and how to move up. */
export function LimitsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const limits = useTierLimits(locale);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profileLimits.title')}</Title>
      {limits.isPending && <LoadingStatus />}
      {limits.isError && (
        <LoadFailure message={t('limits.loadError')} onRetry={() => void limits.refetch()} />
      )}
      {limits.data && (
        <>
          <Group gap="sm">
            <Text size="lg">{t('limits.yourLevel')}</Text>
            <Badge size="lg" variant="light" data-testid="tier-level">
              {t(`limits.levels.${limits.data.level as 0 | 1 | 2 | 3}`)}
            </Badge>
          </Group>
          {limits.data.level === 1 && limits.data.documentsRequired && (
            <Alert color="yellow" variant="light" data-testid="level1-blocked">
              {t('limits.level1Blocked')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <WindowCard
              id="daily"
              title={t('limits.today')}
              limit={limits.data.dailyBrl}
              used={limits.data.usedTodayBrl}
              remaining={limits.data.remainingTodayBrl}
              locale={locale}
            />
            <WindowCard
              id="monthly"
              title={t('limits.thisMonth')}
              limit={limits.data.monthlyBrl}
              used={limits.data.usedMonthBrl}
              remaining={limits.data.remainingMonthBrl}
              locale={locale}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('limits.howCounted')}
          </Text>
          <Title order={2} size="h3">
            {t('limits.levelsTitle')}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table data-testid="levels-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('limits.table.level')}</Table.Th>
                  <Table.Th>{t('limits.table.requires')}</Table.Th>
                  <Table.Th>{t('limits.table.daily')}</Table.Th>
                  <Table.Th>{t('limits.table.monthly')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {limits.data.levels.map((row) => (
                  <Table.Tr
                    key={row.level}
                    fw={row.level === limits.data.level ? 700 : undefined}
                    aria-current={row.level === limits.data.level ? 'true' : undefined}
                  >
                    <Table.Td>{t(`limits.levels.${row.level as 1 | 2 | 3}`)}</Table.Td>
                    <Table.Td>{t(`limits.requires.${row.level as 1 | 2 | 3}`)}</Table.Td>
                    <Table.Td>{formatBrl(row.dailyBrl, locale)}</Table.Td>
                    <Table.Td>{formatBrl(row.monthlyBrl, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Title order={2} size="h3">
            {t('limits.moveUp')}
          </Title>
          <NextStep data={limits.data} />
        </>
      )}
    </Stack>
  );
}

import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { PriceHold } from '@permuta/contracts/catalogue-admin';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatAmount } from '../../../lib/amount.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Locale } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useDecideHold, usePriceHolds } from '../api/price-holds.ts';

/**
 * Feed prices that jumped beyond the settings' hold percentage: not applied, and the token's
 * quotes paused, until an admin accepts (applies it) or rejects (keeps the accepted price) each.
 */
export function HeldPrices({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const holds = usePriceHolds(locale);
  const decide = useDecideHold(locale);
  // reais as the language reads them: R$ 1.234,56 (pt-BR), R$1,234.56 (en-US)
  const brl = (value: string) =>
    `R$${locale === 'pt-BR' ? ' ' : ''}${formatAmount(value, locale, { minDecimals: 2 })}`;

  const run = (hold: PriceHold, action: 'accept' | 'reject') =>
    decide.mutate(
      action === 'accept'
        ? { action, code: hold.tokenCode, priceBrl: hold.priceBrl }
        : { action, code: hold.tokenCode },
      {
        onSuccess: () =>
          void toast.success(
            t(`adminDashboard.heldPrices.${action === 'accept' ? 'accepted' : 'rejected'}`, {
              code: hold.tokenCode,
            }),
          ),
        onError: (error) => void toast.error(isApiError(error) ? error.message : String(error)),
      },
    );

  let body;
  if (holds.isPending) body = <LoadingStatus />;
  else if (holds.isError)
    body = <LoadFailure message={holds.error.message} onRetry={() => void holds.refetch()} />;
  else if (holds.data.items.length === 0)
    body = <Text size="sm">{t('adminDashboard.heldPrices.empty')}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table data-testid="held-prices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('adminDashboard.heldPrices.token')}</Table.Th>
              <Table.Th scope="col">{t('adminDashboard.heldPrices.current')}</Table.Th>
              <Table.Th scope="col">{t('adminDashboard.heldPrices.held')}</Table.Th>
              <Table.Th scope="col">{t('adminDashboard.heldPrices.change')}</Table.Th>
              <Table.Th scope="col">{t('adminDashboard.heldPrices.since')}</Table.Th>
              <Table.Th scope="col">{t('adminDashboard.heldPrices.decision')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {holds.data.items.map((hold) => {
              const busy = decide.isPending && decide.variables?.code === hold.tokenCode;
              return (
                <Table.Tr key={hold.tokenCode} data-testid={`held-price-${hold.tokenCode}`}>
                  <Table.Th scope="row">
                    {hold.tokenCode} · {hold.tokenName}
                  </Table.Th>
                  <Table.Td>{brl(hold.previousPriceBrl)}</Table.Td>
                  <Table.Td>{brl(hold.priceBrl)}</Table.Td>
                  <Table.Td>
                    <Badge color="orange" variant="light">
                      {hold.changePercent.startsWith('-') ? '' : '+'}
                      {formatAmount(hold.changePercent, locale)}%
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(hold.heldAt, locale)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        loading={busy && decide.variables?.action === 'accept'}
                        disabled={busy}
                        aria-label={t('adminDashboard.heldPrices.acceptLabel', {
                          code: hold.tokenCode,
                          price: brl(hold.priceBrl),
                        })}
                        onClick={() => run(hold, 'accept')}
                      >
                        {t('adminDashboard.heldPrices.accept')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        loading={busy && decide.variables?.action === 'reject'}
                        disabled={busy}
                        aria-label={t('adminDashboard.heldPrices.rejectLabel', {
                          code: hold.tokenCode,
                          price: brl(hold.previousPriceBrl),
                        })}
                        onClick={() => run(hold, 'reject')}
                      >
                        {t('adminDashboard.heldPrices.reject')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="held-prices-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="held-prices-title">
          {t('adminDashboard.heldPrices.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('adminDashboard.heldPrices.help')}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}

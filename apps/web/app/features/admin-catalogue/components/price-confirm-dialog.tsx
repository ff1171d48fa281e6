import './styles.ts';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { priceChangeCheckSchema } from '@permuta/contracts/catalogue-admin';
import { formatMoney } from '@permuta/contracts/money';
import type { PriceChangeCheck } from '@permuta/contracts/catalogue-admin';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatAmount } from '../../../lib/amount.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { REAIS } from '../values.ts';

/** The check a refused manual price carries (409 PRICE_CHANGE_UNCONFIRMED), or null. */
export function priceChangeCheckOf(error: unknown): PriceChangeCheck | null {
  if (!isApiError(error) || error.code !== 'PRICE_CHANGE_UNCONFIRMED') return null;
  const parsed = priceChangeCheckSchema.safeParse(error.params);
  return parsed.success ? parsed.data : null;
}

/**
 * The second step of a big manual price change: the old and the new price, the change and what a
 * sample would get at each (reference price, before fees). Nothing is saved until confirmed.
 */
export function PriceConfirmDialog({
  check,
  saving,
  onConfirm,
  onCancel,
}: {
  check: PriceChangeCheck | null;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  // reais as the language reads them: R$ 1.234,56 (pt-BR), R$1,234.56 (en-US)
  const brl = (value: string) => formatMoney(value, REAIS, locale);
  const units = (value: string) => `${formatAmount(value, locale)} ${check?.token ?? ''}`;
  const percent = check ? formatAmount(check.changePercent, locale) : '';
  return (
    <Modal
      opened={check !== null}
      onClose={onCancel}
      title={t('adminCatalogue.priceConfirm.title', { code: check?.token ?? '' })}
      size="lg"
    >
      {check && (
        <Stack gap="md">
          <Alert color="orange" variant="light">
            {t('adminCatalogue.priceConfirm.warning', {
              change: percent,
              threshold: check.thresholdPercent,
            })}
          </Alert>
          <Table data-testid="price-confirm-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" />
                <Table.Th scope="col">{t('adminCatalogue.priceConfirm.current')}</Table.Th>
                <Table.Th scope="col">{t('adminCatalogue.priceConfirm.new')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">
                  {t('adminCatalogue.priceConfirm.price', { code: check.token })}
                </Table.Th>
                <Table.Td>{brl(check.oldPriceBrl)}</Table.Td>
                <Table.Td>{brl(check.newPriceBrl)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">
                  {t('adminCatalogue.priceConfirm.sampleUnits', {
                    amount: units(check.sampleUnits),
                  })}
                </Table.Th>
                <Table.Td>{brl(check.sampleBrlBefore)}</Table.Td>
                <Table.Td>{brl(check.sampleBrlAfter)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">
                  {t('adminCatalogue.priceConfirm.sampleBrl', { amount: brl(check.sampleBrl) })}
                </Table.Th>
                <Table.Td>{units(check.sampleUnitsBefore)}</Table.Td>
                <Table.Td>{units(check.sampleUnitsAfter)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">
            {t('adminCatalogue.priceConfirm.sampleNote')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t('adminCatalogue.priceConfirm.cancel')}
            </Button>
            <Button color="orange" onClick={onConfirm} loading={saving}>
              {t('adminCatalogue.priceConfirm.confirm', { price: brl(check.newPriceBrl) })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

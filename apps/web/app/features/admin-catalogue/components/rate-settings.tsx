import './styles.ts';
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  feeRuleCreateSchema,
  generalFeeSchema,
  isFeeRateOutsideBand,
} from '@permuta/contracts/catalogue-admin';
import type { FeeRule, FeeRules } from '@permuta/contracts/catalogue-admin';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatAmount } from '../../../lib/amount.ts';
import type { Locale } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCreateFeeRule } from '../api/create-fee-rule.ts';
import { useDeleteFeeRule } from '../api/delete-fee-rule.ts';
import { useFeeRules } from '../api/fee-rules.ts';
import { useAdminTokens } from '../api/list-tokens.ts';
import { useSetGeneralFee } from '../api/set-general-fee.ts';
import { useUpdateFeeRule } from '../api/update-fee-rule.ts';
import { apiFieldErrors, generalError, schemaErrors } from '../form-errors.ts';

const errorText = (error: unknown) => (isApiError(error) ? error.message : String(error));

/** A percentage as typed ("4,5" in pt-BR) with a dot decimal point. */
export function rateInput(value: string): string {
  return value.trim().replace(',', '.');
}

/** A stored rate ("3.5") as the page's language types it ("3,5" in Portuguese). */
export function rateField(value: string, locale: string): string {
  return locale === 'pt-BR' ? value.replace('.', ',') : value;
}

/** The warning under a rate outside the band of the terms (3% to 10%); null inside it. */
function useBandWarning(band: FeeRules['band']) {
  const { t } = useTranslation();
  return (value: string): string | null =>
    isFeeRateOutsideBand(rateInput(value))
      ? t('adminCatalogue.rates.outsideBand', { min: band.min, max: band.max })
      : null;
}

function formatRate(rate: string, locale: Locale) {
  return `${formatAmount(rate, locale)}%`;
}

/** /admin/rate-setting: the general rate and the pair rules, with a warning outside 3%-10%. */
export function RateSettings() {
  const { t } = useTranslation();
  const locale = useLocale();
  const rules = useFeeRules(locale);
  if (rules.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('common.loading')}</Text>
      </Group>
    );
  }
  if (rules.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(rules.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void rules.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Text size="sm">{t('adminCatalogue.rates.intro', rules.data.band)}</Text>
      <GeneralRateForm key={rules.data.general?.rate ?? 'none'} rules={rules.data} />
      <PairRules rules={rules.data} />
    </Stack>
  );
}

export function GeneralRateForm({ rules }: { rules: FeeRules }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const save = useSetGeneralFee(locale);
  const warning = useBandWarning(rules.band);
  const form = useForm<{ rate: string }>({
    mode: 'controlled',
    initialValues: { rate: rateField(rules.general?.rate ?? '', locale) },
    validate: (values) => schemaErrors(generalFeeSchema, { rate: rateInput(values.rate) }, locale),
  });
  const alert = generalError(save.error);
  return (
    <Paper withBorder p="lg">
      <form
        noValidate
        aria-label={t('adminCatalogue.rates.general')}
        onSubmit={form.onSubmit((values) =>
          // the saved rate remounts this form (its key): a promise, unlike mutate's callbacks,
          // still runs once the form that sent it is gone, so the toast is never lost
          save.mutateAsync(rateInput(values.rate)).then(
            () => void toast.success(t('adminCatalogue.rates.generalSaved')),
            (error: unknown) => form.setErrors(apiFieldErrors(error)),
          ),
        )}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('adminCatalogue.rates.general')}
          </Title>
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <TextInput
            label={t('adminCatalogue.rates.rate')}
            description={t('adminCatalogue.rates.generalHelp')}
            inputMode="decimal"
            maw={240}
            rightSection="%"
            {...form.getInputProps('rate')}
          />
          {warning(form.values.rate) && (
            <Alert color="yellow" variant="light" data-testid="band-warning">
              {warning(form.values.rate)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('admin.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PairRules({ rules }: { rules: FeeRules }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [editing, setEditing] = useState<FeeRule | null>(null);
  const [deleting, setDeleting] = useState<FeeRule | null>(null);
  const remove = useDeleteFeeRule(locale);
  const warning = useBandWarning(rules.band);
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('adminCatalogue.rates.pairs')}
        </Title>
        <Text size="sm">{t('adminCatalogue.rates.pairsHelp')}</Text>
        {rules.pairs.length === 0 ? (
          <Text>{t('adminCatalogue.rates.pairsEmpty')}</Text>
        ) : (
          <Table striped verticalSpacing="sm">
            <Table.Caption>
              {t('adminCatalogue.rates.pairsCaption', { total: rules.pairs.length })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('adminCatalogue.rates.send')}</Table.Th>
                <Table.Th scope="col">{t('adminCatalogue.rates.receive')}</Table.Th>
                <Table.Th scope="col">{t('adminCatalogue.rates.rate')}</Table.Th>
                <Table.Th scope="col">{t('admin.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.pairs.map((rule) => (
                <Table.Tr key={rule.id} data-testid={`rule-${rule.send}-${rule.receive}`}>
                  <Table.Td>{rule.send}</Table.Td>
                  <Table.Td>{rule.receive}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{formatRate(rule.rate, locale)}</Text>
                      {warning(rule.rate) && (
                        <Text size="xs" c="yellow.9" component="span">
                          {t('adminCatalogue.rates.outsideBandShort')}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(rule)}
                        aria-label={t('adminCatalogue.rates.editOf', {
                          send: rule.send,
                          receive: rule.receive,
                        })}
                      >
                        {t('admin.common.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setDeleting(rule)}
                        aria-label={t('adminCatalogue.rates.deleteOf', {
                          send: rule.send,
                          receive: rule.receive,
                        })}
                      >
                        {t('admin.common.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <NewPairRuleForm rules={rules} />
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('adminCatalogue.rates.editTitle', {
          send: editing?.send ?? '',
          receive: editing?.receive ?? '',
        })}
        closeButtonProps={{ 'aria-label': t('admin.common.close') }}
      >
        {editing && (
          <EditPairRuleForm rule={editing} rules={rules} onDone={() => setEditing(null)} />
        )}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('adminCatalogue.rates.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('admin.common.close') }}
      >
        <Stack gap="md">
          <Text size="sm">
            {t('adminCatalogue.rates.deleteConfirm', {
              send: deleting?.send ?? '',
              receive: deleting?.receive ?? '',
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('admin.common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    void toast.success(
                      t('adminCatalogue.rates.deleted', {
                        send: deleting.send,
                        receive: deleting.receive,
                      }),
                    );
                    setDeleting(null);
                  },
                  onError: (error) => void toast.error(errorText(error)),
                })
              }
            >
              {t('admin.common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function EditPairRuleForm({
  rule,
  rules,
  onDone,
}: {
  rule: FeeRule;
  rules: FeeRules;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const update = useUpdateFeeRule(locale);
  const warning = useBandWarning(rules.band);
  const form = useForm<{ rate: string }>({
    mode: 'controlled',
    initialValues: { rate: rule.rate },
    validate: (values) => schemaErrors(generalFeeSchema, { rate: rateInput(values.rate) }, locale),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        update.mutate(
          { id: rule.id, rate: rateInput(values.rate) },
          {
            onSuccess: () => {
              void toast.success(
                t('adminCatalogue.rates.saved', { send: rule.send, receive: rule.receive }),
              );
              onDone();
            },
            onError: (error) => form.setErrors(apiFieldErrors(error)),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label={t('adminCatalogue.rates.rate')}
          inputMode="decimal"
          rightSection="%"
          data-autofocus
          {...form.getInputProps('rate')}
        />
        {warning(form.values.rate) && (
          <Alert color="yellow" variant="light">
            {warning(form.values.rate)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('admin.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function NewPairRuleForm({ rules }: { rules: FeeRules }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tokens = useAdminTokens(locale);
  const create = useCreateFeeRule(locale);
  const warning = useBandWarning(rules.band);
  const form = useForm<{ send: string; receive: string; rate: string }>({
    mode: 'controlled',
    initialValues: { send: '', receive: '', rate: '' },
    validate: (values) =>
      schemaErrors(feeRuleCreateSchema, { ...values, rate: rateInput(values.rate) }, locale),
  });
  const options = (tokens.data?.items ?? []).map((token) => ({
    value: token.code,
    label: `${token.code} · ${token.name}`,
  }));
  const alert = generalError(create.error);
  return (
    <form
      noValidate
      aria-label={t('adminCatalogue.rates.addTitle')}
      onSubmit={form.onSubmit((values) =>
        create.mutate(
          { ...values, rate: rateInput(values.rate) },
          {
            onSuccess: (rule) => {
              void toast.success(
                t('adminCatalogue.rates.created', { send: rule.send, receive: rule.receive }),
              );
              form.reset();
            },
            onError: (error) => form.setErrors(apiFieldErrors(error)),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('adminCatalogue.rates.addTitle')}
        </Title>
        {alert && (
          <Alert color="red" variant="light" role="alert">
            {alert}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('adminCatalogue.rates.send')}
            data={options}
            searchable
            required
            {...form.getInputProps('send')}
          />
          <Select
            label={t('adminCatalogue.rates.receive')}
            data={options}
            searchable
            required
            {...form.getInputProps('receive')}
          />
          <TextInput
            label={t('adminCatalogue.rates.rate')}
            inputMode="decimal"
            rightSection="%"
            required
            {...form.getInputProps('rate')}
          />
        </SimpleGrid>
        {warning(form.values.rate) && (
          <Alert color="yellow" variant="light" data-testid="new-rule-band-warning">
            {warning(form.values.rate)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('adminCatalogue.rates.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import './styles.ts';
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import {
  manualPriceSchema,
  priceSourceUpdateSchema,
  tokenUpdateSchema,
} from '@permuta/contracts/catalogue-admin';
import type {
  AdminNetwork,
  AdminToken,
  PriceChangeCheck,
} from '@permuta/contracts/catalogue-admin';
import { decimalPlaces, formatFiat, formatMoney, normalize } from '@permuta/contracts/money';
import { DetailError, DetailLoading } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatAmount } from '../../../lib/amount.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { localizePath } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdminCan } from '../../../lib/admin-access.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAdminToken } from '../api/get-token.ts';
import { PRICE_HISTORY_PAGE_SIZE, usePriceHistory } from '../api/price-history.ts';
import { useSetNetworkEnabled } from '../api/set-network-enabled.ts';
import { useSetManualPrice } from '../api/set-price.ts';
import { useSetPriceSource } from '../api/set-price-source.ts';
import { useSetTokenEnabled } from '../api/set-token-enabled.ts';
import { useUpdateNetwork } from '../api/update-network.ts';
import { useUpdateToken } from '../api/update-token.ts';
import { apiFieldErrors, generalError, schemaErrors } from '../form-errors.ts';
import { REAIS, amountInput, priceAge } from '../values.ts';
import { NetworkEditor } from './network-editor.tsx';
import { PriceConfirmDialog, priceChangeCheckOf } from './price-confirm-dialog.tsx';
import { SwitchConfirmDialog } from './switch-confirm-dialog.tsx';

const errorText = (error: unknown) => (isApiError(error) ? error.message : String(error));

/** /admin/manager-tokens/:coinName: every field of a token, its price and its networks. */
export function TokenDetail({ code, now = () => new Date() }: { code: string; now?: () => Date }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const token = useAdminToken(code, locale);
  // the token's fields and networks are the owner's (decision 024); finance sets its price
  const owns = useAdminCan('owner');

  const back = (
    <Anchor component={Link} to={localizePath('/admin/manager-tokens', locale)} size="sm">
      {t('adminCatalogue.detail.back')}
    </Anchor>
  );
  if (token.isPending) return <DetailLoading back={back} />;
  if (token.isError) {
    const missing = isApiError(token.error) && token.error.status === 404;
    return (
      <DetailError
        back={back}
        color="red"
        notFound={missing}
        message={missing ? t('adminCatalogue.detail.notFound', { code }) : errorText(token.error)}
        onRetry={() => void token.refetch()}
      />
    );
  }
  const data = token.data;
  return (
    <Stack gap="lg">
      {back}
      <TokenHeader token={data} />
      {owns && <TokenFieldsForm key={`${data.id}-${data.syncedAt ?? ''}`} token={data} />}
      <Balances token={data} />
      <PriceSection
        key={`${data.priceSource}-${data.exchangeSymbol ?? ''}`}
        token={data}
        now={now()}
      />
      <NetworksSection token={data} />
    </Stack>
  );
}

function TokenHeader({ token }: { token: AdminToken }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const setEnabled = useSetTokenEnabled(locale);
  const [asking, setAsking] = useState<boolean | null>(null);
  const confirm = () => {
    if (asking === null) return;
    const enabled = asking;
    setEnabled.mutate(
      { code: token.code, enabled },
      {
        onSuccess: () =>
          void toast.success(
            t(
              enabled ? 'adminCatalogue.token.enabledToast' : 'adminCatalogue.token.disabledToast',
              { code: token.code },
            ),
          ),
        onError: (error) => void toast.error(errorText(error)),
        onSettled: () => setAsking(null),
      },
    );
  };
  const owns = useAdminCan('owner');
  return (
    <Group justify="space-between" align="center">
      <Title order={1}>
        {token.code} · {token.name}
      </Title>
      <Switch
        size="md"
        label={t('adminCatalogue.token.enabled')}
        checked={token.enabled}
        disabled={!owns || setEnabled.isPending}
        onChange={(event) => setAsking(event.currentTarget.checked)}
      />
      <SwitchConfirmDialog
        change={asking === null ? null : { what: 'token', code: token.code, on: asking }}
        saving={setEnabled.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </Group>
  );
}

interface TokenFieldValues {
  name: string;
  kind: 'crypto' | 'pix' | 'deriv';
  precision: string;
  sortOrder: string;
  trading: boolean;
  isLegalMoney: boolean;
}

const integer = (value: string): number | string =>
  /^\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim();

function toTokenChanges(values: TokenFieldValues) {
  return {
    name: values.name.trim(),
    kind: values.kind,
    precision: integer(values.precision) as number,
    sortOrder: integer(values.sortOrder) as number,
    trading: values.trading,
    isLegalMoney: values.isLegalMoney,
  };
}

export function TokenFieldsForm({ token }: { token: AdminToken }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const update = useUpdateToken(token.code, locale);
  const form = useForm<TokenFieldValues>({
    mode: 'controlled',
    initialValues: {
      name: token.name,
      kind: token.kind,
      precision: String(token.precision),
      sortOrder: String(token.sortOrder),
      trading: token.trading,
      isLegalMoney: token.isLegalMoney,
    },
    validate: (values) => schemaErrors(tokenUpdateSchema, toTokenChanges(values), locale),
  });
  const alert = generalError(update.error);
  return (
    <Paper withBorder p="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          update.mutate(toTokenChanges(values), {
            onSuccess: () =>
              void toast.success(t('adminCatalogue.detail.saved', { code: token.code })),
            onError: (error) => form.setErrors(apiFieldErrors(error)),
          }),
        )}
      >
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('adminCatalogue.detail.fields')}
          </Title>
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('adminCatalogue.token.name')}
              required
              {...form.getInputProps('name')}
            />
            <Select
              label={t('adminCatalogue.token.kind')}
              data={(['crypto', 'pix', 'deriv'] as const).map((kind) => ({
                value: kind,
                label: t(`adminCatalogue.kinds.${kind}`),
              }))}
              allowDeselect={false}
              {...form.getInputProps('kind')}
            />
            <TextInput
              label={t('adminCatalogue.token.precision')}
              description={t('adminCatalogue.token.precisionHelp')}
              inputMode="numeric"
              {...form.getInputProps('precision')}
            />
            <TextInput
              label={t('adminCatalogue.token.sortOrder')}
              inputMode="numeric"
              {...form.getInputProps('sortOrder')}
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox
              label={t('adminCatalogue.token.trading')}
              {...form.getInputProps('trading', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('adminCatalogue.token.isLegalMoney')}
              {...form.getInputProps('isLegalMoney', { type: 'checkbox' })}
            />
          </Group>
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('admin.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Balances({ token }: { token: AdminToken }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const keys = ['free', 'locked', 'freeze', 'withdrawing', 'ipoable', 'ipoing', 'storage'] as const;
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('adminCatalogue.balances.title')}
        </Title>
        <Text size="sm">
          {token.syncedAt
            ? t('adminCatalogue.balances.syncedAt', { at: formatDateTime(token.syncedAt, locale) })
            : t('adminCatalogue.balances.never')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }}>
          {keys.map((key) => (
            <Stack key={key} gap={0}>
              <Text size="xs">{t(`adminCatalogue.balances.${key}`)}</Text>
              <Text fw={600}>
                {token.balances[key] === null ? '—' : formatAmount(token.balances[key], locale)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

export function PriceSection({ token, now }: { token: AdminToken; now: Date }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const setPrice = useSetManualPrice(token.code, locale);
  const setSource = useSetPriceSource(token.code, locale);
  // A change beyond the settings' percentage comes back for a second, confirming step.
  const [pending, setPending] = useState<{ priceBrl: string; check: PriceChangeCheck } | null>(
    null,
  );
  const savePrice = (priceBrl: string, confirm: boolean) =>
    setPrice.mutate(
      { priceBrl, confirm },
      {
        onSuccess: () => {
          void toast.success(t('adminCatalogue.price.saved', { code: token.code }));
          setPending(null);
          priceForm.reset();
        },
        onError: (error) => {
          const check = confirm ? null : priceChangeCheckOf(error);
          if (check) {
            setPending({ priceBrl, check });
            return;
          }
          setPending(null);
          priceForm.setErrors(apiFieldErrors(error));
          const alert = generalError(error);
          if (alert) void toast.error(alert);
        },
      },
    );
  const priceForm = useForm<{ priceBrl: string }>({
    mode: 'controlled',
    initialValues: { priceBrl: '' },
    validate: (values) =>
      schemaErrors(manualPriceSchema, { priceBrl: amountInput(values.priceBrl, locale) }, locale),
  });
  const sourceForm = useForm<{ source: 'manual' | 'exchange'; exchangeSymbol: string }>({
    mode: 'controlled',
    initialValues: { source: token.priceSource, exchangeSymbol: token.exchangeSymbol ?? '' },
    validate: (values) =>
      schemaErrors(
        priceSourceUpdateSchema,
        { source: values.source, exchangeSymbol: values.exchangeSymbol.trim() || null },
        locale,
      ),
  });
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('adminCatalogue.price.title')}
        </Title>
        {token.price ? (
          <Group gap="sm">
            <Text fw={700} size="lg" data-testid="current-price">
              {formatMoney(token.price.priceBrl, REAIS, locale)}
            </Text>
            <Badge variant="light" color={token.price.source === 'exchange' ? 'blue' : 'gray'}>
              {t(`adminCatalogue.sources.${token.price.source}`)}
            </Badge>
            <Text size="sm">{priceAge(token.price.createdAt, now, locale)}</Text>
          </Group>
        ) : (
          <Text>{t('adminCatalogue.price.none')}</Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <form
            noValidate
            aria-label={t('adminCatalogue.price.manualForm')}
            onSubmit={priceForm.onSubmit((values) =>
              savePrice(amountInput(values.priceBrl, locale), false),
            )}
          >
            <Stack gap="sm">
              <TextInput
                label={t('adminCatalogue.price.manual')}
                description={t('adminCatalogue.price.manualSetHelp')}
                inputMode="decimal"
                {...priceForm.getInputProps('priceBrl')}
              />
              <Group>
                <Button type="submit" loading={setPrice.isPending}>
                  {t('adminCatalogue.price.save')}
                </Button>
              </Group>
            </Stack>
          </form>
          <form
            noValidate
            aria-label={t('adminCatalogue.price.sourceForm')}
            onSubmit={sourceForm.onSubmit((values) =>
              setSource.mutate(
                { source: values.source, exchangeSymbol: values.exchangeSymbol.trim() || null },
                {
                  onSuccess: () =>
                    void toast.success(t('adminCatalogue.price.sourceSaved', { code: token.code })),
                  onError: (error) => {
                    sourceForm.setErrors(apiFieldErrors(error));
                    const alert = generalError(error);
                    if (alert) void toast.error(alert);
                  },
                },
              ),
            )}
          >
            <Stack gap="sm">
              <Select
                label={t('adminCatalogue.price.source')}
                data={(['manual', 'exchange'] as const).map((source) => ({
                  value: source,
                  label: t(`adminCatalogue.sources.${source}`),
                }))}
                allowDeselect={false}
                {...sourceForm.getInputProps('source')}
              />
              <TextInput
                label={t('adminCatalogue.price.symbol')}
                description={t('adminCatalogue.price.symbolHelp')}
                autoComplete="off"
                {...sourceForm.getInputProps('exchangeSymbol')}
              />
              <Group>
                <Button type="submit" variant="light" loading={setSource.isPending}>
                  {t('adminCatalogue.price.saveSource')}
                </Button>
              </Group>
            </Stack>
          </form>
        </SimpleGrid>
        <PriceHistoryTable code={token.code} />
        <PriceConfirmDialog
          check={pending?.check ?? null}
          saving={setPrice.isPending}
          onConfirm={() => pending && savePrice(pending.priceBrl, true)}
          onCancel={() => setPending(null)}
        />
      </Stack>
    </Paper>
  );
}

function PriceHistoryTable({ code }: { code: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const history = usePriceHistory(code, page, locale);
  if (history.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('common.loading')}</Text>
      </Group>
    );
  }
  if (history.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group gap="sm">
          <Text size="sm">{errorText(history.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void history.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const { items, total } = history.data;
  const pages = Math.max(1, Math.ceil(total / PRICE_HISTORY_PAGE_SIZE));
  // one number of decimals for the whole column (R$ 5,5330 above R$ 5,5369), so that prices
  // line up and compare at a glance; never fewer than the cents, never a digit rounded away
  const places = Math.max(2, ...items.map((item) => decimalPlaces(normalize(item.priceBrl))));
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('adminCatalogue.price.history')}
      </Title>
      {items.length === 0 ? (
        <Text size="sm">{t('adminCatalogue.price.historyEmpty')}</Text>
      ) : (
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('adminCatalogue.price.when')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('adminCatalogue.price.title')}
              </Table.Th>
              <Table.Th scope="col">{t('adminCatalogue.price.source')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid={`price-history-row-${item.id}`}>
                <Table.Td>{formatDateTime(item.createdAt, locale)}</Table.Td>
                <Table.Td
                  data-testid="history-price"
                  ta="right"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatFiat(item.priceBrl, 'BRL', locale, places)}
                </Table.Td>
                <Table.Td>{t(`adminCatalogue.sources.${item.source}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Group gap="sm">
          <Button
            size="xs"
            variant="default"
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            {t('admin.common.previousPage')}
          </Button>
          <Text size="sm">{t('admin.common.page', { page })}</Text>
          <Button
            size="xs"
            variant="default"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('admin.common.nextPage')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type SwitchField = 'enabled' | 'depositEnabled' | 'withdrawEnabled';
const SWITCH_WHAT = {
  enabled: 'network',
  depositEnabled: 'deposit',
  withdrawEnabled: 'withdraw',
} as const satisfies Record<SwitchField, string>;

function NetworksSection({ token }: { token: AdminToken }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const setEnabled = useSetNetworkEnabled(token.code, locale);
  const update = useUpdateNetwork(token.code, locale);
  const [editing, setEditing] = useState<AdminNetwork | null>(null);
  const [adding, setAdding] = useState(false);
  // the switch the admin is asked about, sent only once confirmed
  const [asking, setAsking] = useState<{ network: string; field: SwitchField; on: boolean } | null>(
    null,
  );

  const confirmToggle = () => {
    if (!asking) return;
    const { network, field, on } = asking;
    const options = {
      onSuccess: () => void toast.success(t('adminCatalogue.networks.saved', { code: network })),
      onError: (error: unknown) => void toast.error(errorText(error)),
      onSettled: () => setAsking(null),
    };
    if (field === 'enabled') setEnabled.mutate({ network, enabled: on }, options);
    else update.mutate({ network, changes: { [field]: on } }, options);
  };
  const owns = useAdminCan('owner');
  const busy = !owns || setEnabled.isPending || update.isPending;

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('adminCatalogue.networks.title')}
          </Title>
          {owns && (
            <Button variant="light" onClick={() => setAdding(true)}>
              {t('adminCatalogue.networks.add')}
            </Button>
          )}
        </Group>
        {token.networks.length === 0 ? (
          <Text>{t('adminCatalogue.networks.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('adminCatalogue.network.code')}</Table.Th>
                  <Table.Th scope="col">{t('adminCatalogue.network.enabled')}</Table.Th>
                  <Table.Th scope="col">{t('adminCatalogue.network.depositEnabled')}</Table.Th>
                  <Table.Th scope="col">{t('adminCatalogue.network.withdrawEnabled')}</Table.Th>
                  <Table.Th scope="col">{t('adminCatalogue.networks.feeLimits')}</Table.Th>
                  <Table.Th scope="col">{t('adminCatalogue.network.depositAddress')}</Table.Th>
                  <Table.Th scope="col">{t('admin.common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {token.networks.map((network) => (
                  <Table.Tr key={network.id} data-testid={`network-row-${network.code}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {network.code}
                      </Text>
                      <Text size="xs">{network.name}</Text>
                      {network.isDefault && (
                        <Badge size="xs" variant="light">
                          {t('adminCatalogue.network.isDefault')}
                        </Badge>
                      )}
                    </Table.Td>
                    {(['enabled', 'depositEnabled', 'withdrawEnabled'] as const).map((field) => (
                      <Table.Td key={field}>
                        <Switch
                          checked={network[field]}
                          disabled={busy}
                          aria-label={t(`adminCatalogue.networks.toggle.${field}`, {
                            code: network.code,
                          })}
                          onChange={(event) =>
                            setAsking({
                              network: network.code,
                              field,
                              on: event.currentTarget.checked,
                            })
                          }
                        />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Text size="xs">
                        {t('adminCatalogue.networks.feeLine', {
                          fee: formatAmount(network.withdrawFee, locale),
                          min: formatAmount(network.withdrawMin, locale),
                          max:
                            network.withdrawMax === null
                              ? t('adminCatalogue.networks.noMax')
                              : formatAmount(network.withdrawMax, locale),
                        })}
                      </Text>
                      <Text size="xs">
                        {t('adminCatalogue.networks.confirmations', {
                          count: network.minConfirmations,
                        })}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={240}>
                      <Text size="xs" style={{ wordBreak: 'break-all' }}>
                        {network.depositAddress ?? t('adminCatalogue.networks.noAddress')}
                      </Text>
                      {network.depositMemo && (
                        <Text size="xs">
                          {t('adminCatalogue.network.depositMemo')}: {network.depositMemo}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {owns && (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setEditing(network)}
                          aria-label={t('adminCatalogue.networks.editOf', { code: network.code })}
                        >
                          {t('admin.common.edit')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <SwitchConfirmDialog
        change={
          asking && {
            what: SWITCH_WHAT[asking.field],
            code: token.code,
            network: asking.network,
            on: asking.on,
          }
        }
        saving={busy}
        onConfirm={confirmToggle}
        onCancel={() => setAsking(null)}
      />
      <NetworkEditor
        tokenCode={token.code}
        network={editing}
        opened={editing !== null || adding}
        onClose={() => {
          setEditing(null);
          setAdding(false);
        }}
      />
    </Paper>
  );
}

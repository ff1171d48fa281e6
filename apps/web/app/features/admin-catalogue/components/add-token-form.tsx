import './styles.ts';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { tokenCreateSchema } from '@permuta/contracts/catalogue-admin';
import { useTranslation } from '../../../i18n/react.tsx';
import { localizePath } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCreateToken } from '../api/create-token.ts';
import { apiFieldErrors, generalError, schemaErrors } from '../form-errors.ts';
import { EMPTY_NETWORK, EMPTY_TOKEN, toTokenCreateInput } from '../values.ts';
import type { TokenValues } from '../values.ts';
import { NetworkFields } from './network-fields.tsx';

/** /admin/add-token: a token with its first price and at least one network. */
export function AddTokenForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const create = useCreateToken(locale);
  const form = useForm<TokenValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_TOKEN, networks: [{ ...EMPTY_NETWORK }] },
    validate: (values) =>
      schemaErrors(tokenCreateSchema, toTokenCreateInput(values, locale), locale),
  });
  const networks = form.getValues().networks;
  const alert = generalError(create.error);

  return (
    <Paper withBorder p="lg">
      <form
        noValidate
        aria-label={t('adminCatalogue.add.formLabel')}
        onSubmit={form.onSubmit((values) =>
          create.mutate(toTokenCreateInput(values, locale), {
            onSuccess: (token) => {
              void toast.success(t('adminCatalogue.add.created', { code: token.code }));
              void navigate(localizePath(`/admin/manager-tokens/${token.code}`, locale));
            },
            onError: (error) => form.setErrors(apiFieldErrors(error)),
          }),
        )}
      >
        <Stack gap="md">
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('adminCatalogue.token.code')}
              description={t('adminCatalogue.token.codeHelp')}
              required
              autoComplete="off"
              key={form.key('code')}
              {...form.getInputProps('code')}
            />
            <TextInput
              label={t('adminCatalogue.token.name')}
              required
              autoComplete="off"
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <Select
              label={t('adminCatalogue.token.kind')}
              data={(['crypto', 'pix', 'deriv'] as const).map((kind) => ({
                value: kind,
                label: t(`adminCatalogue.kinds.${kind}`),
              }))}
              allowDeselect={false}
              key={form.key('kind')}
              {...form.getInputProps('kind')}
            />
            <TextInput
              label={t('adminCatalogue.token.precision')}
              description={t('adminCatalogue.token.precisionHelp')}
              inputMode="numeric"
              key={form.key('precision')}
              {...form.getInputProps('precision')}
            />
            <TextInput
              label={t('adminCatalogue.token.sortOrder')}
              inputMode="numeric"
              key={form.key('sortOrder')}
              {...form.getInputProps('sortOrder')}
            />
            <TextInput
              label={t('adminCatalogue.price.manual')}
              description={t('adminCatalogue.price.manualHelp')}
              inputMode="decimal"
              key={form.key('priceBrl')}
              {...form.getInputProps('priceBrl')}
            />
            <Select
              label={t('adminCatalogue.price.source')}
              data={(['manual', 'exchange'] as const).map((source) => ({
                value: source,
                label: t(`adminCatalogue.sources.${source}`),
              }))}
              allowDeselect={false}
              key={form.key('priceSource')}
              {...form.getInputProps('priceSource')}
            />
            <TextInput
              label={t('adminCatalogue.price.symbol')}
              description={t('adminCatalogue.price.symbolHelp')}
              autoComplete="off"
              key={form.key('exchangeSymbol')}
              {...form.getInputProps('exchangeSymbol')}
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox
              label={t('adminCatalogue.token.enabled')}
              key={form.key('enabled')}
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('adminCatalogue.token.trading')}
              key={form.key('trading')}
              {...form.getInputProps('trading', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('adminCatalogue.token.isLegalMoney')}
              key={form.key('isLegalMoney')}
              {...form.getInputProps('isLegalMoney', { type: 'checkbox' })}
            />
          </Group>

          <Divider />
          <Title order={2} size="h3">
            {t('adminCatalogue.networks.title')}
          </Title>
          {form.errors.networks && (
            <Text c="red.8" size="sm" role="alert" data-testid="networks-error">
              {form.errors.networks}
            </Text>
          )}
          {networks.length === 0 && <Text size="sm">{t('adminCatalogue.networks.none')}</Text>}
          {networks.map((_, index) => (
            <Paper key={form.key(`networks.${index}`)} withBorder p="md">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={3} size="h4">
                    {t('adminCatalogue.networks.numbered', { number: index + 1 })}
                  </Title>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => form.removeListItem('networks', index)}
                    aria-label={t('adminCatalogue.networks.removeNumbered', { number: index + 1 })}
                  >
                    {t('adminCatalogue.networks.remove')}
                  </Button>
                </Group>
                <NetworkFields form={form} prefix={`networks.${index}.`} />
              </Stack>
            </Paper>
          ))}
          <Group>
            <Button
              variant="light"
              onClick={() => form.insertListItem('networks', { ...EMPTY_NETWORK })}
            >
              {t('adminCatalogue.networks.add')}
            </Button>
          </Group>
          <Divider />
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('adminCatalogue.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

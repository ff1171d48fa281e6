import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatCnpj } from '@permuta/contracts/br-format';
import { businessApplySchema, type BusinessView } from '@permuta/contracts/partners';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { ShellLinkButton } from '../../../components/shell-button.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useApplyBusiness, useMyBusiness } from '../api/business.ts';
import { describeFailure, localizedResolver } from '../form.ts';

const STATUS_COLOR = { pending: 'yellow', approved: 'green', revoked: 'red' } as const;

/** The customer's business account: its status, and the company data form until approved. */
export function BusinessScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const business = useMyBusiness(locale);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profileBusiness.title')}</Title>
      <Text>{t('businessAccount.intro')}</Text>
      {business.isPending && <LoadingStatus />}
      {business.isError && (
        <LoadFailure
          message={t('businessAccount.loadError')}
          onRetry={() => void business.refetch()}
        />
      )}
      {business.isSuccess && (
        <>
          {business.data && <BusinessStatus business={business.data} />}
          {business.data?.status !== 'approved' && <BusinessForm business={business.data} />}
        </>
      )}
    </Stack>
  );
}

function BusinessStatus({ business }: { business: BusinessView }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="business-status">
      <Stack gap="sm" align="flex-start">
        <Group gap="sm">
          <Title order={2} size="h3" id="business-status">
            {t('businessAccount.statusTitle')}
          </Title>
          <Badge
            color={STATUS_COLOR[business.status]}
            variant="light"
            data-testid="business-status"
          >
            {t(`businessAccount.status.${business.status}`)}
          </Badge>
        </Group>
        <Text fw={600}>{business.companyName}</Text>
        <Text size="sm">CNPJ {formatCnpj(business.cnpj)}</Text>
        <Text size="sm">{t(`businessAccount.${business.status}Body`)}</Text>
        <Group gap="sm">
          {business.status === 'approved' ? (
            <ShellLinkButton to="/profile/api-keys" size="sm">
              {t('businessAccount.apiKeysLink')}
            </ShellLinkButton>
          ) : (
            <ShellLinkButton to="/profile/documents" size="sm" variant="default">
              {t('businessAccount.documentsLink')}
            </ShellLinkButton>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

interface FormValues {
  companyName: string;
  cnpj: string;
}

function BusinessForm({ business }: { business: BusinessView | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const apply = useApplyBusiness(locale);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      companyName: business?.companyName ?? '',
      cnpj: business ? formatCnpj(business.cnpj) : '',
    },
    validate: localizedResolver(businessApplySchema, locale),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await apply.mutateAsync(values);
      void toast.success(t('businessAccount.sent'));
    } catch (error) {
      const found = describeFailure(error, ['companyName', 'cnpj'], t('messages.generic'));
      form.setErrors(found.fields);
      setFailure(found.message);
    }
  });

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="business-form">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="business-form">
            {t('businessAccount.formTitle')}
          </Title>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('businessAccount.companyName')}
            autoComplete="organization"
            required
            {...form.getInputProps('companyName')}
          />
          <TextInput
            label={t('businessAccount.cnpj')}
            description={t('businessAccount.cnpjHint')}
            required
            {...form.getInputProps('cnpj')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={apply.isPending}>
              {business ? t('businessAccount.resubmit') : t('businessAccount.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

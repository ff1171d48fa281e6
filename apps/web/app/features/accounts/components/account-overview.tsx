import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  Alert,
  Badge,
  Button,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CustomerProfile } from '@permuta/contracts/accounts';
import { useTranslation } from '../../../i18n/react.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useMe } from '../api/get-me.ts';
import { formatBirthDate, formatPhone, maskCpf } from '../format.ts';
import { ContactForm } from './contact-form.tsx';
import { DefaultTokensForm } from './default-tokens-form.tsx';
import classes from './accounts.module.css';

/** The customer's account: profile, verification status, contact and default tokens. */
export function AccountOverview() {
  const { t } = useTranslation();
  const locale = useLocale();
  const me = useMe(locale);

  if (me.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" data-testid="account-loading">
        <Text className="app-sr-only" role="status">
          {t('common.loading')}
        </Text>
        <Skeleton height={180} radius="lg" />
        <Skeleton height={140} radius="lg" />
        <Skeleton height={220} radius="lg" />
      </Stack>
    );
  }
  if (me.isError) {
    return (
      <Alert
        variant="light"
        color="red"
        title={t('accounts.account.loadError')}
        icon={<IconAlertTriangle aria-hidden="true" />}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{me.error.message}</Text>
          <Button variant="default" onClick={() => void me.refetch()} loading={me.isFetching}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!me.data) {
    return (
      <Alert variant="light" color="violet" role="status">
        {t('accounts.account.adminNotice')}
      </Alert>
    );
  }
  return <AccountDetails profile={me.data} />;
}

function AccountDetails({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const since = formatBirthDate(profile.createdAt.slice(0, 10), locale);
  const rows: [string, string][] = [
    [t('accounts.fields.name'), profile.name],
    [t('accounts.fields.username'), profile.username],
    [t('accounts.fields.email'), profile.email],
    [t('accounts.fields.phone'), formatPhone(profile.phone)],
    [t('accounts.fields.cpf'), maskCpf(profile.cpf)],
    [t('accounts.fields.birthDate'), formatBirthDate(profile.birthDate, locale)],
  ];
  const checks: [string, boolean, string][] = [
    [t('accounts.account.emailVerified'), profile.emailVerified, 'email-verified'],
    [t('accounts.account.documentsVerified'), profile.documentsVerified, 'documents-verified'],
    [t('accounts.account.nationalIdVerified'), profile.nationalIdVerified, 'national-id-verified'],
  ];
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="profile-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="profile-title">
              {t('accounts.account.profileTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('accounts.account.memberSince', { date: since })}
            </Text>
          </div>
          <dl className={classes.details}>
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </Stack>
      </Paper>

      <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="verification-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="verification-title">
            {t('accounts.account.verificationTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="ul" className={classes.checks}>
            {checks.map(([label, done, id]) => (
              <li key={id} data-testid={id} data-done={done}>
                <Text fw={600}>{label}</Text>
                <Badge color={done ? 'green' : 'yellow'} variant="light" size="lg">
                  {done ? t('accounts.account.statusDone') : t('accounts.account.statusPending')}
                </Badge>
              </li>
            ))}
          </SimpleGrid>
          {/* the national ID check is the back office's; only missing documents are the customer's */}
          {!profile.documentsVerified ? (
            <div>
              <Button component={LocalLink} to="/profile/documents" variant="light">
                {t('accounts.account.sendDocuments')}
              </Button>
            </div>
          ) : null}
        </Stack>
      </Paper>

      <ContactForm profile={profile} />
      <DefaultTokensForm profile={profile} />
    </Stack>
  );
}

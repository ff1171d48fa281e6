import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/InlineInput.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ERASED_RECORDS, RETAINED_RECORDS } from '@permuta/contracts/privacy';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { logout } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { downloadExport, useDeleteAccount, usePrivacyOverview } from '../api/privacy.ts';

/** /profile/privacy: my rights (LGPD art. 18), the download of my data and the deletion of my account. */
export function PrivacyScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const overview = usePrivacyOverview(locale);
  const remove = useDeleteAccount(locale);
  const [exporting, setExporting] = useState(false);
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const exportData = async () => {
    setExporting(true);
    setExportFailure(null);
    try {
      await downloadExport(locale);
      void toast.success(t('privacy.export.done'));
    } catch (error) {
      setExportFailure((error instanceof Error && error.message) || t('messages.generic'));
    } finally {
      setExporting(false);
    }
  };

  const deleteAccount = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setPasswordError(null);
    if (password === '') {
      setPasswordError(t('privacy.delete.passwordRequired'));
      return;
    }
    try {
      await remove.mutateAsync(password);
      void toast.success(t('privacy.delete.done'));
      logout();
    } catch (error) {
      if (isApiError(error) && error.fields.password) setPasswordError(error.fields.password);
      else setFailure(isApiError(error) ? error.message : t('messages.generic'));
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profilePrivacy.title')}</Title>
      <Text>
        {t('privacy.intro')}{' '}
        <Anchor component={LocalLink} to="/privacy-policy" underline="always">
          {t('pages.privacyPolicy.title')}
        </Anchor>
      </Text>

      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3">
            {t('privacy.export.title')}
          </Title>
          <Text>{t('privacy.export.body')}</Text>
          {exportFailure && (
            <Alert color="red" variant="light" role="alert">
              {exportFailure}
            </Alert>
          )}
          <Button onClick={() => void exportData()} loading={exporting}>
            {t('privacy.export.submit')}
          </Button>
        </Stack>
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('privacy.delete.title')}
          </Title>
          {overview.isPending && <LoadingStatus />}
          {overview.isError && (
            <LoadFailure message={t('privacy.loadError')} onRetry={() => void overview.refetch()} />
          )}
          {overview.data && (
            <>
              <Text fw={600}>{t('privacy.delete.erasedTitle')}</Text>
              <List size="sm" data-testid="privacy-erased">
                {overview.data.erased.map((key) => (
                  <List.Item key={key}>
                    {t(`privacy.erased.${key as (typeof ERASED_RECORDS)[number]}`)}
                  </List.Item>
                ))}
              </List>
              <Text fw={600}>
                {t('privacy.delete.keptTitle', { years: overview.data.retention[0]?.years ?? 5 })}
              </Text>
              <List size="sm" data-testid="privacy-retained">
                {overview.data.retention.map((rule) => (
                  <List.Item key={rule.key}>
                    {t(`privacy.retention.${rule.key as (typeof RETAINED_RECORDS)[number]['key']}`)}{' '}
                    <Text span size="xs" c="dimmed">
                      ({rule.basis})
                    </Text>
                  </List.Item>
                ))}
              </List>
              {!overview.data.canDelete ? (
                <Alert color="yellow" variant="light" role="status" data-testid="privacy-blocked">
                  {t('privacy.delete.blocked', {
                    references: overview.data.openOrders.map((order) => order.reference).join(', '),
                  })}
                </Alert>
              ) : (
                <form onSubmit={(event) => void deleteAccount(event)} noValidate>
                  <Stack gap="sm" maw={480}>
                    {failure && (
                      <Alert color="red" variant="light" role="alert">
                        {failure}
                      </Alert>
                    )}
                    <PasswordField
                      label={t('privacy.delete.password')}
                      autoComplete="current-password"
                      required
                      value={password}
                      error={passwordError}
                      onChange={(event) => setPassword(event.currentTarget.value)}
                    />
                    <Checkbox
                      label={t('privacy.delete.understand')}
                      checked={understood}
                      onChange={(event) => setUnderstood(event.currentTarget.checked)}
                    />
                    <Button
                      type="submit"
                      color="red"
                      disabled={!understood}
                      loading={remove.isPending}
                    >
                      {t('privacy.delete.submit')}
                    </Button>
                  </Stack>
                </form>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

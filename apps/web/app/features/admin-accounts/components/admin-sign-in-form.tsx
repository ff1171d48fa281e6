import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SessionResponse } from '@permuta/contracts/accounts';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { useCheckedForm } from '../../../lib/form.ts';
import { login } from '../../../lib/session.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { adminSignIn, needsTwoFactor } from '../api/sign-in.ts';
import { adminTwoFactorSignIn } from '../api/two-factor-sign-in.ts';

const adminSignInSchema = () =>
  import('@permuta/contracts/accounts').then((m) => m.adminSignInSchema);
const totpSchema = () => import('@permuta/contracts/accounts').then((m) => m.totpSchema);

/** The message of a refused request (the API's, in the page's language). */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * Back-office sign-in: username and password, then (when the admin uses two-factor) the code of
 * the authenticator app or a recovery code. A successful answer stores the browser session; the
 * page then leaves for the dashboard (or the page the guard came from).
 */
export function AdminSignInForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [step, setStep] = useState<'credentials' | 'code'>('credentials');
  const [failure, setFailure] = useState<string | null>(null);

  const finish = async (answer: SessionResponse) => {
    // nothing of an admin signed in before in this tab (its profile, its role) is kept; the
    // query library loads here, not with the page
    const { getQueryClient } = await import('../../../lib/query-client.tsx');
    getQueryClient().clear();
    login({ role: 'admin', email: answer.session.email });
  };

  const credentials = useCheckedForm({
    locale,
    schema: adminSignInSchema,
    onValid: async (values) => {
      setFailure(null);
      try {
        const answer = await adminSignIn(values, locale);
        if (needsTwoFactor(answer)) setStep('code');
        else await finish(answer);
      } catch (error) {
        setFailure(messageOf(error, t('messages.generic')));
      }
    },
  });
  const code = useCheckedForm({
    locale,
    schema: totpSchema,
    onValid: async (values) => {
      setFailure(null);
      try {
        await finish(await adminTwoFactorSignIn(values.code.trim(), locale));
      } catch (error) {
        setFailure(messageOf(error, t('messages.generic')));
      }
    },
  });

  if (step === 'code') {
    return (
      <form {...code.formProps}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('admin.signIn.codeTitle')}
          </Title>
          <Text size="sm">{t('admin.signIn.codeHelp')}</Text>
          {failure && (
            <Alert color="red" role="alert" variant="light">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('admin.signIn.code')}
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            required
            {...code.field('code')}
          />
          <Button {...code.submitProps}>{t('admin.signIn.verify')}</Button>
          <Button
            variant="subtle"
            onClick={() => {
              setFailure(null);
              code.setErrors({});
              setStep('credentials');
            }}
          >
            {t('admin.signIn.back')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form {...credentials.formProps}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('pages.adminLogin.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.signIn.intro')}
        </Text>
        {failure && (
          <Alert color="red" role="alert" variant="light">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('admin.signIn.username')}
          autoComplete="username"
          required
          {...credentials.field('username')}
        />
        <PasswordField
          label={t('admin.signIn.password')}
          autoComplete="current-password"
          required
          {...credentials.field('password')}
        />
        <Button {...credentials.submitProps}>{t('admin.signIn.submit')}</Button>
      </Stack>
    </form>
  );
}

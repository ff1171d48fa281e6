import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { adminSignInSchema, totpSchema } from '@permuta/contracts/accounts';
import type { AdminSignInInput, SessionResponse } from '@permuta/contracts/accounts';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { login } from '../../../lib/session.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { needsTwoFactor, useAdminSignIn } from '../api/sign-in.ts';
import { useAdminTwoFactorSignIn } from '../api/two-factor-sign-in.ts';
import { zodValidate } from '../form-errors.ts';

/**
 * Back-office sign-in: username and password, then (when the admin uses two-factor) the code of
 * the authenticator app or a recovery code. A successful answer stores the browser session; the
 * page then leaves for the dashboard (or the page the guard came from).
 */
export function AdminSignInForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [step, setStep] = useState<'credentials' | 'code'>('credentials');
  const signIn = useAdminSignIn(locale);
  const twoFactor = useAdminTwoFactorSignIn(locale);

  const credentials = useForm<AdminSignInInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: zodValidate<AdminSignInInput>(adminSignInSchema, locale),
  });
  const code = useForm<{ code: string }>({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: zodValidate<{ code: string }>(totpSchema, locale),
  });

  const finish = (answer: SessionResponse) => {
    // nothing of an admin signed in before in this tab (its profile, its role) is kept
    getQueryClient().clear();
    login({ role: 'admin', email: answer.session.email });
  };

  if (step === 'code') {
    return (
      <form
        noValidate
        onSubmit={code.onSubmit((values) =>
          twoFactor.mutate(values.code.trim(), { onSuccess: finish }),
        )}
      >
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('admin.signIn.codeTitle')}
          </Title>
          <Text size="sm">{t('admin.signIn.codeHelp')}</Text>
          {twoFactor.isError && (
            <Alert color="red" role="alert" variant="light">
              {twoFactor.error.message}
            </Alert>
          )}
          <TextInput
            label={t('admin.signIn.code')}
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            required
            key={code.key('code')}
            {...code.getInputProps('code')}
          />
          <Button type="submit" loading={twoFactor.isPending}>
            {t('admin.signIn.verify')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              twoFactor.reset();
              code.reset();
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
    <form
      noValidate
      onSubmit={credentials.onSubmit((values) =>
        signIn.mutate(values, {
          onSuccess: (answer) => {
            if (needsTwoFactor(answer)) setStep('code');
            else finish(answer);
          },
        }),
      )}
    >
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('pages.adminLogin.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.signIn.intro')}
        </Text>
        {signIn.isError && (
          <Alert color="red" role="alert" variant="light">
            {signIn.error.message}
          </Alert>
        )}
        <TextInput
          label={t('admin.signIn.username')}
          autoComplete="username"
          required
          key={credentials.key('username')}
          {...credentials.getInputProps('username')}
        />
        <PasswordField
          label={t('admin.signIn.password')}
          autoComplete="current-password"
          required
          key={credentials.key('password')}
          {...credentials.getInputProps('password')}
        />
        <Button type="submit" loading={signIn.isPending}>
          {t('admin.signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}

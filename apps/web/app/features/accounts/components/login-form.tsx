import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLocation } from 'react-router';
import { signInSchema, type SignInInput } from '@permuta/contracts/accounts';
import { useTranslation } from '../../../i18n/react.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { login } from '../../../lib/session.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSignIn } from '../api/sign-in.ts';
import { describeFailure, localizedResolver } from '../form.ts';
import { FormFailure } from './form-failure.tsx';
import { PasswordField } from './password-field.tsx';

/** E-mail and password; on success the browser session starts (the page then leaves). */
export function LoginForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const signIn = useSignIn(locale);
  const [failure, setFailure] = useState<string | null>(null);
  const prefill = (location.state as { email?: unknown } | null)?.email;
  const form = useForm<SignInInput>({
    initialValues: { email: typeof prefill === 'string' ? prefill : '', password: '' },
    validate: localizedResolver(signInSchema, locale),
  });

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        const answer = await signIn.mutateAsync(values);
        login({ role: answer.session.role, email: answer.session.email });
      } catch (error) {
        const found = describeFailure(error, ['email', 'password'], t('messages.generic'));
        form.setErrors(found.fields);
        setFailure(found.message);
      }
    },
    () => setFailure(null),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('pages.login.title')}>
      <Stack gap="md">
        <FormFailure title={t('accounts.login.failedTitle')} message={failure} />
        <TextInput
          label={t('accounts.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('accounts.fields.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={LocalLink} to="/forgot-password" size="sm">
            {t('accounts.login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
          {t('accounts.login.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('accounts.login.noAccount')}{' '}
          <Anchor component={LocalLink} to="/registration" td="underline">
            {t('accounts.login.register')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useLocation } from 'react-router';
import type { SignInInput } from '@permuta/contracts/accounts';
import { useTranslation } from '../../../i18n/react.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { login } from '../../../lib/session.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { signIn } from '../api/sign-in.ts';
import { describeFailure } from '../failure.ts';
import { FormFailure } from './form-failure.tsx';
import { PasswordField } from '../../../components/password-field.tsx';

type Field = keyof SignInInput;

/** The check with the shared schema (and zod): fetched once the visitor starts typing. */
const loadCheck = () => import('../sign-in-check.ts');

/**
 * E-mail and password; on success the browser session starts (the page then leaves). The most
 * visited form is kept light: plain state instead of a form library, and the zod check loaded
 * when the form is first used, so the page shows as soon as the home page does.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const state = location.state as { email?: unknown; registered?: unknown } | null;
  const prefill = state?.email;
  const registered = state?.registered === true && typeof prefill === 'string';
  const [values, setValues] = useState<SignInInput>({
    email: typeof prefill === 'string' ? prefill : '',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    // a field's message goes once it is edited
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    setPending(true);
    try {
      const { checkSignIn } = await loadCheck();
      const found = checkSignIn(values, locale) as Partial<Record<Field, string>>;
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      const answer = await signIn(values, locale);
      login({ role: answer.session.role, email: answer.session.email });
    } catch (error) {
      const found = describeFailure(error, ['email', 'password'], t('messages.generic'));
      setErrors(found.fields);
      setFailure(found.message);
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadCheck().catch(() => undefined)}
      noValidate
      aria-label={t('pages.login.title')}
    >
      <Stack gap="md">
        {registered ? (
          <Alert role="status" color="blue" title={t('accounts.login.checkEmailTitle')}>
            {t('accounts.login.checkEmailText', { email: prefill })}
          </Alert>
        ) : null}
        <FormFailure title={t('accounts.login.failedTitle')} message={failure} />
        <TextInput
          label={t('accounts.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <PasswordField
          label={t('accounts.fields.password')}
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <Group justify="flex-end">
          <Anchor component={LocalLink} to="/forgot-password" size="sm">
            {t('accounts.login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={pending}>
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

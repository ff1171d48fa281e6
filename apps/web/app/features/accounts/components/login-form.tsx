import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useCheckedForm } from '../../../lib/form.ts';
import { login } from '../../../lib/session.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { signIn } from '../api/sign-in.ts';
import { twoFactorSignIn } from '../api/two-factor.ts';
import { toast } from '../../../lib/toast.ts';
import { describeFailure } from '../failure.ts';
import { FormFailure } from './form-failure.tsx';
import { PasswordField } from '../../../components/password-field.tsx';

const signInSchema = () => import('@permuta/contracts/accounts').then((m) => m.signInSchema);

/** E-mail and password; on success the browser session starts (the page then leaves). */
export function LoginForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const state = location.state as { email?: unknown; registered?: unknown } | null;
  const prefill = typeof state?.email === 'string' ? state.email : undefined;
  const registered = state?.registered === true && prefill !== undefined;
  const [failure, setFailure] = useState<string | null>(null);
  const [codeStep, setCodeStep] = useState(false);
  const form = useCheckedForm({
    locale,
    schema: signInSchema,
    onValid: async (values) => {
      setFailure(null);
      try {
        const answer = await signIn(values, locale);
        if ('twoFactorRequired' in answer) {
          setCodeStep(true);
          return;
        }
        login({ role: answer.session.role, email: answer.session.email });
      } catch (error) {
        const found = describeFailure(error, ['email', 'password'], t('messages.generic'));
        form.setErrors(found.fields);
        setFailure(found.message);
      }
    },
    onInvalid: () => setFailure(null),
  });

  if (codeStep) return <TwoFactorStep />;

  return (
    <form {...form.formProps} aria-label={t('pages.login.title')}>
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
          defaultValue={prefill}
          {...form.field('email')}
        />
        <PasswordField
          label={t('accounts.fields.password')}
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <Group justify="flex-end">
          <Anchor component={LocalLink} to="/forgot-password" size="sm">
            {t('accounts.login.forgot')}
          </Anchor>
        </Group>
        <Button size="md" fullWidth {...form.submitProps}>
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

/**
 * The second step of a sign-in with two-factor (decision 061): a code from the app or a recovery
 * code; after a recovery code, how many are left.
 */
function TwoFactorStep() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label={t('accounts.twoFactor.stepTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim() === '') {
          setFailure(t('accounts.twoFactor.stepIntro'));
          return;
        }
        setBusy(true);
        setFailure(null);
        twoFactorSignIn(code.trim(), locale)
          .then((answer) => {
            if (answer.recoveryCodesLeft !== undefined) {
              void toast.info(
                t('accounts.twoFactor.codesLeftAfterSignIn', { count: answer.recoveryCodesLeft }),
              );
            }
            login({ role: answer.session.role, email: answer.session.email });
          })
          .catch((error: unknown) => {
            setFailure(describeFailure(error, [], t('messages.generic')).message);
            setBusy(false);
          });
      }}
    >
      <Stack gap="md">
        <Text fw={600}>{t('accounts.twoFactor.stepTitle')}</Text>
        <Text size="sm">{t('accounts.twoFactor.stepIntro')}</Text>
        <FormFailure title={t('accounts.login.failedTitle')} message={failure} />
        <TextInput
          label={t('accounts.twoFactor.codeOrRecovery')}
          name="code"
          autoComplete="one-time-code"
          autoFocus
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button size="md" fullWidth type="submit" loading={busy}>
          {t('accounts.twoFactor.stepSubmit')}
        </Button>
      </Stack>
    </form>
  );
}

import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { forgotPasswordSchema, resetPasswordSchema } from '@permuta/contracts/accounts';
import { useTranslation } from '../../../i18n/react.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { isApiError } from '../../../lib/api.ts';
import { localizePath } from '../../../lib/locale.ts';
import { forgetSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useResetPassword, type ResetPasswordInput } from '../api/reset-password.ts';
import { describeFailure } from '../failure.ts';
import { localizedResolver } from '../form.ts';
import { useCountdown } from '../use-countdown.ts';
import { FormFailure } from './form-failure.tsx';
import { PasswordField } from '../../../components/password-field.tsx';

const RESEND_SECONDS = 60;

/** Seconds to wait from a throttled answer (429 with `params.seconds`), else null. */
function waitFrom(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const seconds = Number(error.params.seconds ?? error.params.minutes);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : RESEND_SECONDS;
}

/** Step 1: the e-mail; step 2: the 6-digit code from the e-mail and the new password twice. */
export function ForgotPasswordFlow() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const requestCode = useForgotPassword(locale);
  const reset = useResetPassword(locale);
  const countdown = useCountdown();
  const [email, setEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const emailForm = useForm({
    initialValues: { email: '' },
    validate: localizedResolver(forgotPasswordSchema, locale),
  });
  const resetForm = useForm<ResetPasswordInput>({
    initialValues: { email: '', code: '', password: '', confirmPassword: '' },
    validate: localizedResolver(resetPasswordSchema, locale),
  });

  const sendCode = async (address: string): Promise<boolean> => {
    setFailure(null);
    try {
      const answer = await requestCode.mutateAsync(address);
      countdown.start(answer.retryAfterSeconds || RESEND_SECONDS);
      return true;
    } catch (error) {
      const wait = waitFrom(error);
      if (wait) countdown.start(wait);
      const found = describeFailure(error, ['email'], t('messages.generic'));
      emailForm.setErrors(found.fields);
      setFailure(found.message);
      return false;
    }
  };

  const submitEmail = emailForm.onSubmit(async ({ email: typed }) => {
    const address = typed.trim();
    if (!(await sendCode(address))) return;
    void toast.success(t('messages.resetRequested'));
    resetForm.setValues({ email: address, code: '', password: '', confirmPassword: '' });
    setEmail(address);
  });

  const resend = async () => {
    if (!email || countdown.running) return;
    if (await sendCode(email)) void toast.info(t('accounts.forgot.codeSent', { email }));
  };

  const submitReset = resetForm.onSubmit(async (values) => {
    setFailure(null);
    try {
      await reset.mutateAsync(values);
      // every session of the account ended: a stale one in this browser goes too
      forgetSession();
      void toast.success(t('messages.resetDone'));
      await navigate(localizePath('/login', locale), { state: { email: values.email } });
    } catch (error) {
      const found = describeFailure(
        error,
        ['code', 'password', 'confirmPassword'],
        t('messages.generic'),
      );
      const wrongCode = isApiError(error) && error.code === 'RESET_CODE_INVALID';
      // a wrong code is said on the code field only
      if (wrongCode) found.fields.code = found.message;
      resetForm.setErrors(found.fields);
      setFailure(wrongCode ? null : found.message);
    }
  });

  if (email === null) {
    return (
      <form onSubmit={submitEmail} noValidate aria-label={t('pages.forgotPassword.title')}>
        <Stack gap="md">
          <FormFailure title={t('accounts.forgot.failedTitle')} message={failure} />
          <TextInput
            label={t('accounts.fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            {...emailForm.getInputProps('email')}
          />
          <Button type="submit" size="md" fullWidth loading={requestCode.isPending}>
            {t('accounts.forgot.sendCode')}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={LocalLink} to="/login">
              {t('accounts.forgot.backToLogin')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submitReset} noValidate aria-label={t('pages.forgotPassword.title')}>
      <Stack gap="md">
        <Text role="status">{t('accounts.forgot.codeIntro', { email })}</Text>
        <FormFailure title={t('accounts.forgot.failedTitle')} message={failure} />
        <TextInput
          label={t('accounts.fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          {...resetForm.getInputProps('code')}
        />
        <PasswordField
          label={t('accounts.fields.newPassword')}
          description={t('accounts.hints.password')}
          autoComplete="new-password"
          required
          {...resetForm.getInputProps('password')}
        />
        <PasswordField
          label={t('accounts.fields.confirmNewPassword')}
          autoComplete="new-password"
          required
          {...resetForm.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth loading={reset.isPending}>
          {t('accounts.forgot.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            onClick={() => void resend()}
            disabled={countdown.running}
            loading={requestCode.isPending}
          >
            {countdown.running
              ? t('accounts.forgot.resendIn', { seconds: countdown.secondsLeft })
              : t('accounts.forgot.resend')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              setFailure(null);
              setEmail(null);
            }}
          >
            {t('accounts.forgot.otherEmail')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

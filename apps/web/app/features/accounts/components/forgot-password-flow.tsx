import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useCheckedForm } from '../../../lib/form.ts';
import { localizePath } from '../../../lib/locale.ts';
import { forgetSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { resetPassword } from '../api/reset-password.ts';
import { describeFailure } from '../failure.ts';
import { useCountdown } from '../use-countdown.ts';
import { FormFailure } from './form-failure.tsx';
import { PasswordField } from '../../../components/password-field.tsx';

const RESEND_SECONDS = 60;

const forgotPasswordSchema = () =>
  import('@permuta/contracts/accounts').then((m) => m.forgotPasswordSchema);
const resetPasswordSchema = () =>
  import('@permuta/contracts/accounts').then((m) => m.resetPasswordSchema);

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
  const countdown = useCountdown();
  const [email, setEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const sendCode = async (address: string): Promise<boolean> => {
    setFailure(null);
    setSending(true);
    try {
      const answer = await forgotPassword(address, locale);
      countdown.start(answer.retryAfterSeconds || RESEND_SECONDS);
      return true;
    } catch (error) {
      const wait = waitFrom(error);
      if (wait) countdown.start(wait);
      const found = describeFailure(error, ['email'], t('messages.generic'));
      emailForm.setErrors(found.fields);
      setFailure(found.message);
      return false;
    } finally {
      setSending(false);
    }
  };

  const emailForm = useCheckedForm({
    locale,
    schema: forgotPasswordSchema,
    onValid: async ({ email: typed }) => {
      const address = typed.trim();
      if (!(await sendCode(address))) return;
      void toast.success(t('messages.resetRequested'));
      setEmail(address);
    },
  });

  const resend = async () => {
    if (!email || countdown.running) return;
    if (await sendCode(email)) void toast.info(t('accounts.forgot.codeSent', { email }));
  };

  const resetForm = useCheckedForm({
    locale,
    schema: resetPasswordSchema,
    onValid: async (values) => {
      setFailure(null);
      try {
        await resetPassword(values, locale);
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
    },
  });

  if (email === null) {
    return (
      <form {...emailForm.formProps} aria-label={t('pages.forgotPassword.title')}>
        <Stack gap="md">
          <FormFailure title={t('accounts.forgot.failedTitle')} message={failure} />
          <TextInput
            label={t('accounts.fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            {...emailForm.field('email')}
          />
          <Button size="md" fullWidth {...emailForm.submitProps}>
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
    <form {...resetForm.formProps} aria-label={t('pages.forgotPassword.title')}>
      <input type="hidden" name="email" defaultValue={email} />
      <Stack gap="md">
        <Text role="status">{t('accounts.forgot.codeIntro', { email })}</Text>
        <FormFailure title={t('accounts.forgot.failedTitle')} message={failure} />
        <TextInput
          label={t('accounts.fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          {...resetForm.field('code')}
        />
        <PasswordField
          label={t('accounts.fields.newPassword')}
          description={t('accounts.hints.password')}
          autoComplete="new-password"
          required
          {...resetForm.field('password')}
        />
        <PasswordField
          label={t('accounts.fields.confirmNewPassword')}
          autoComplete="new-password"
          required
          {...resetForm.field('confirmPassword')}
        />
        <Button size="md" fullWidth {...resetForm.submitProps}>
          {t('accounts.forgot.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            onClick={() => void resend()}
            disabled={countdown.running}
            loading={sending}
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

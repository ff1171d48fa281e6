import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useMe } from '../api/get-me.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useCountdown } from '../use-countdown.ts';

/**
 * On every customer page: while the e-mail is not confirmed, a reminder with a resend button
 * (once a minute). Asking for the profile on every customer page also notices a session the
 * API no longer knows: the query client then ends it and sends the customer to sign in.
 */
export function EmailVerificationBanner() {
  const { t } = useTranslation();
  const locale = useLocale();
  const me = useMe(locale);
  const resend = useResendVerification(locale);
  const countdown = useCountdown();

  const profile = me.data;
  if (!profile || profile.emailVerified) return null;

  const send = async () => {
    try {
      const answer = await resend.mutateAsync();
      countdown.start(answer.retryAfterSeconds || 60);
      void toast.success(t('accounts.banner.sent', { email: profile.email }));
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        // sent less than a minute ago: not a failure, just wait
        countdown.start(Number(error.params.seconds) || 60);
        void toast.info(error.message);
        return;
      }
      if (isApiError(error) && error.code === 'EMAIL_ALREADY_VERIFIED') {
        void me.refetch();
        void toast.info(error.message);
        return;
      }
      void toast.error(isApiError(error) ? error.message : t('messages.generic'));
    }
  };

  return (
    <Alert
      variant="light"
      color="yellow"
      title={t('accounts.banner.title')}
      icon={<IconMailExclamation aria-hidden="true" />}
      mb="lg"
      data-testid="email-banner"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('accounts.banner.body', { email: profile.email })}</Text>
        <Button
          size="xs"
          variant="default"
          onClick={() => void send()}
          disabled={countdown.running}
          loading={resend.isPending}
        >
          {countdown.running
            ? t('accounts.banner.resendIn', { seconds: countdown.secondsLeft })
            : t('accounts.banner.resend')}
        </Button>
      </Stack>
    </Alert>
  );
}

import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { validateEmailSchema } from '@permuta/contracts/accounts';
import { errorMessage } from '@permuta/contracts/errors';
import { useTranslation } from '../../../i18n/react.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { isApiError } from '../../../lib/api.ts';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSession } from '../../../lib/use-session.ts';
import { getMe } from '../api/get-me.ts';
import { verifyEmailOnce } from '../api/verify-email.ts';

type Outcome =
  { status: 'confirmed' } | { status: 'already' } | { status: 'failed'; message: string };
type State = { status: 'checking' } | Outcome;

/** Confirms the e-mail with the token of the link (`?token=`) as soon as the page opens. */
export function EmailConfirmation() {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get('token');
  const wellFormed = token !== null && validateEmailSchema.safeParse({ token }).success;
  const [answer, setAnswer] = useState<{ token: string; outcome: Outcome } | null>(null);
  const customerSignedIn = session?.role === 'customer';

  useEffect(() => {
    if (!hydrated || !wellFormed || token === null) return;
    let live = true;
    verifyEmailOnce(token, locale).then(
      () => {
        if (!live) return;
        setAnswer({ token, outcome: { status: 'confirmed' } });
        // the account's banner and status read GET /me again
        void getQueryClient().invalidateQueries({ queryKey: ['me'] });
      },
      (error: unknown) => {
        if (!live) return;
        const invalid = isApiError(error) && error.status === 400;
        const message = invalid
          ? errorMessage('VERIFICATION_LINK_INVALID', locale)
          : isApiError(error)
            ? error.message
            : t('messages.generic');
        const failed = () => {
          if (live) setAnswer({ token, outcome: { status: 'failed', message } });
        };
        if (!invalid || !customerSignedIn) return failed();
        // A used link opened again by a customer already confirmed: say so, not "invalid".
        getMe(locale).then((me) => {
          if (!live) return;
          if (me.user.role === 'customer' && me.user.emailVerified) {
            setAnswer({ token, outcome: { status: 'already' } });
          } else failed();
        }, failed);
      },
    );
    return () => {
      live = false;
    };
  }, [hydrated, wellFormed, token, locale, t, customerSignedIn]);

  let state: State = { status: 'checking' };
  if (hydrated && !wellFormed) {
    state = { status: 'failed', message: errorMessage('VERIFICATION_LINK_INVALID', locale) };
  } else if (answer && answer.token === token) {
    state = answer.outcome;
  }

  const signedIn = session?.role === 'customer';
  if (state.status === 'checking') {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('accounts.validateEmail.checking')}</Text>
      </Group>
    );
  }
  if (state.status === 'confirmed' || state.status === 'already') {
    const already = state.status === 'already';
    return (
      <Stack gap="md">
        <Alert
          variant="light"
          color="green"
          title={
            already
              ? t('accounts.validateEmail.alreadyTitle')
              : t('accounts.validateEmail.successTitle')
          }
          icon={<IconCircleCheck aria-hidden="true" />}
          role="status"
          data-testid="email-confirmed"
        >
          {already
            ? t('accounts.validateEmail.alreadyBody')
            : t('accounts.validateEmail.successBody')}
        </Alert>
        <Group>
          <Button component={LocalLink} to={signedIn ? '/profile/account' : '/login'}>
            {signedIn ? t('accounts.validateEmail.toAccount') : t('accounts.validateEmail.toLogin')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Alert
        variant="light"
        color="red"
        title={t('accounts.validateEmail.failedTitle')}
        icon={<IconAlertTriangle aria-hidden="true" />}
        role="alert"
        data-testid="email-confirmation-failed"
      >
        {state.message}
      </Alert>
      <Text size="sm">{t('accounts.validateEmail.resendHint')}</Text>
      <Group>
        <Button component={LocalLink} to={signedIn ? '/profile/account' : '/login'}>
          {signedIn ? t('accounts.validateEmail.toAccount') : t('accounts.validateEmail.toLogin')}
        </Button>
      </Group>
    </Stack>
  );
}

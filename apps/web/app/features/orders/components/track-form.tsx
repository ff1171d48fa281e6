import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useCheckedForm } from '../../../lib/form.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { requestTrackingCode, verifyTrackingCode } from '../api/track-code.ts';

const codeRequestSchema = () =>
  import('@permuta/contracts/tracking').then((m) => m.trackingCodeRequestSchema);
const verifySchema = () =>
  import('@permuta/contracts/tracking').then((m) => m.trackingVerifySchema);

/**
 * Following an order without signing in (decision 059). Step 1: the order's reference and
 * e-mail; the API answers the same whether they match or not, and e-mails the owner a code when
 * they do. Step 2: the 6-digit code, which opens the read-only order page.
 */
export function TrackForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [asked, setAsked] = useState<{ reference: string; email: string; message: string } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);

  const failed = (error: unknown, fields: readonly string[], set: (f: object) => void) => {
    if (isApiError(error)) {
      set(Object.fromEntries(Object.entries(error.fields).filter(([f]) => fields.includes(f))));
      setFailure(error.message);
    } else {
      setFailure(t('messages.generic'));
    }
  };

  const askForm = useCheckedForm({
    locale,
    schema: codeRequestSchema,
    onValid: async (values) => {
      setFailure(null);
      try {
        const answer = await requestTrackingCode(values, locale);
        setAsked({
          reference: values.reference.trim().toUpperCase(),
          email: values.email.trim(),
          message: answer.message,
        });
      } catch (error) {
        failed(error, ['reference', 'email'], askForm.setErrors);
      }
    },
  });

  const codeForm = useCheckedForm({
    locale,
    schema: verifySchema,
    onValid: async (values) => {
      setFailure(null);
      try {
        const grant = await verifyTrackingCode(values, locale);
        await navigate(localizePath(`/track/${grant.reference}`, locale));
      } catch (error) {
        failed(error, ['code'], codeForm.setErrors);
      }
    },
  });

  const failureAlert = failure && (
    <Alert color="red" variant="light" role="alert" data-testid="track-failure">
      {failure}
    </Alert>
  );

  if (asked === null) {
    return (
      <form {...askForm.formProps} aria-label={t('tracking.askTitle')} data-testid="track-ask">
        <Stack gap="md">
          {failureAlert}
          <TextInput
            label={t('tracking.reference')}
            description={t('tracking.referenceHint')}
            autoComplete="off"
            autoCapitalize="characters"
            required
            maxLength={20}
            defaultValue={params.get('reference') ?? ''}
            {...askForm.field('reference')}
          />
          <TextInput
            label={t('tracking.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            {...askForm.field('email')}
          />
          <Button size="md" fullWidth {...askForm.submitProps}>
            {t('tracking.sendCode')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form {...codeForm.formProps} aria-label={t('tracking.codeTitle')} data-testid="track-code">
      <input type="hidden" name="reference" defaultValue={asked.reference} />
      <input type="hidden" name="email" defaultValue={asked.email} />
      <Stack gap="md">
        <Alert color="blue" variant="light" role="status" data-testid="track-code-sent">
          {asked.message}
        </Alert>
        {failureAlert}
        <TextInput
          label={t('tracking.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          {...codeForm.field('code')}
        />
        <Button size="md" fullWidth {...codeForm.submitProps}>
          {t('tracking.open')}
        </Button>
        <Text size="sm" ta="center">
          <Anchor
            component="button"
            type="button"
            onClick={() => {
              setFailure(null);
              setAsked(null);
            }}
          >
            {t('tracking.again')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

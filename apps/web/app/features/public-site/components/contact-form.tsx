import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import { useState } from 'react';
import { Alert, Button, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { CONTACT_MESSAGE_MAX } from '@permuta/contracts/contact-limits';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useCheckedForm } from '../../../lib/form.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';
import classes from './public-site.module.css';

const FIELDS = ['name', 'email', 'message'] as const;

const contactMessageSchema = () =>
  import('@permuta/contracts/contact').then((m) => m.contactMessageSchema);

/**
 * Name, e-mail and message, checked with the API's schema before sending; the server's thanks
 * (or its reason: a field, the hourly limit) shown above the form. `website` is a honeypot that
 * people never see.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useCheckedForm({
    locale,
    schema: contactMessageSchema,
    onValid: async (values, element) => {
      setFailure(null);
      setSent(null);
      try {
        const answer = await sendContactMessage(values, locale);
        setSent(answer.message);
        element.reset();
      } catch (error) {
        if (isApiError(error)) {
          form.setErrors(
            Object.fromEntries(
              Object.entries(error.fields).filter(([field]) =>
                (FIELDS as readonly string[]).includes(field),
              ),
            ),
          );
          setFailure(error.message);
        } else {
          setFailure(t('messages.generic'));
        }
      }
    },
    onInvalid: () => {
      setSent(null);
      setFailure(null);
    },
  });

  return (
    <Stack gap="md" component="section" aria-labelledby="contact-form-title">
      <Title order={2} size="h3" id="contact-form-title">
        {t('contact.form.title')}
      </Title>
      {sent && (
        <Alert
          variant="light"
          color="green"
          title={t('contact.form.sentTitle')}
          icon={<IconCircleCheck aria-hidden="true" />}
          role="status"
          data-testid="contact-sent"
        >
          {sent}
        </Alert>
      )}
      {failure && (
        <Alert
          variant="light"
          color="red"
          title={t('contact.form.failedTitle')}
          icon={<IconAlertTriangle aria-hidden="true" />}
          role="alert"
          data-testid="form-failure"
        >
          {failure}
        </Alert>
      )}
      <form {...form.formProps} aria-labelledby="contact-form-title">
        <Stack gap="md">
          <TextInput
            label={t('contact.form.name')}
            autoComplete="name"
            required
            maxLength={120}
            {...form.field('name')}
          />
          <TextInput
            label={t('contact.form.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.field('email')}
          />
          <Textarea
            label={t('contact.form.message')}
            description={t('contact.form.messageHint', { max: CONTACT_MESSAGE_MAX })}
            required
            autosize
            minRows={5}
            maxRows={14}
            maxLength={CONTACT_MESSAGE_MAX}
            {...form.field('message')}
          />
          {/* for bots only: hidden from people and from assistive technology */}
          <div className={classes.honeypot} aria-hidden="true">
            <label>
              {t('contact.form.website')}
              <input type="text" name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <Button size="md" fullWidth {...form.submitProps}>
            {t('contact.form.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

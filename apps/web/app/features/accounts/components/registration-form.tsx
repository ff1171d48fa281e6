import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import { Anchor, Button, Checkbox, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { RegistrationInput } from '@permuta/contracts/accounts';
import { useTranslation } from '../../../i18n/react.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useCheckedForm } from '../../../lib/form.ts';
import { localizePath } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { register } from '../api/register.ts';
import { describeFailure } from '../failure.ts';
import { FormFailure } from './form-failure.tsx';
import { PasswordField } from '../../../components/password-field.tsx';

const FIELDS = [
  'username',
  'name',
  'email',
  'phone',
  'cpf',
  'birthDate',
  'password',
  'confirmPassword',
  'acceptTerms',
] as const;

const registrationSchema = () =>
  import('@permuta/contracts/accounts').then((m) => m.registrationSchema);

/** The customer's registration, checked by the same schema as the API's. */
export function RegistrationForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useCheckedForm({
    locale,
    schema: registrationSchema,
    checkOnBlur: true,
    onValid: async (values) => {
      setFailure(null);
      try {
        // checked by registrationSchema: acceptTerms is true here
        await register(values as RegistrationInput, locale);
        void toast.success(t('messages.registered'));
        // the same answer whether the e-mail was new or already had an account: look at the inbox
        await navigate(localizePath('/login', locale), {
          state: { email: values.email.trim(), registered: true },
        });
      } catch (error) {
        const found = describeFailure(error, FIELDS, t('messages.generic'));
        form.setErrors(found.fields);
        setFailure(found.message);
      }
    },
    onInvalid: () => setFailure(t('messages.checkForm')),
  });

  return (
    <form {...form.formProps} aria-label={t('pages.registration.title')}>
      <Stack gap="lg">
        <FormFailure title={t('accounts.registration.failedTitle')} message={failure} />
        <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} size="h4" component="legend" mb="sm">
            {t('accounts.registration.personal')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('accounts.fields.name')}
              autoComplete="name"
              required
              {...form.field('name')}
            />
            <TextInput
              label={t('accounts.fields.birthDate')}
              description={t('accounts.hints.birthDate')}
              type="date"
              autoComplete="bday"
              required
              {...form.field('birthDate')}
            />
            <TextInput
              label={t('accounts.fields.cpf')}
              description={t('accounts.hints.cpf')}
              inputMode="numeric"
              autoComplete="off"
              required
              {...form.field('cpf')}
            />
            <TextInput
              label={t('accounts.fields.phone')}
              description={t('accounts.hints.phone')}
              type="tel"
              autoComplete="tel-national"
              required
              {...form.field('phone')}
            />
          </SimpleGrid>
        </Stack>
        <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} size="h4" component="legend" mb="sm">
            {t('accounts.registration.access')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('accounts.fields.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              {...form.field('email')}
            />
            <TextInput
              label={t('accounts.fields.username')}
              description={t('accounts.hints.username')}
              autoComplete="username"
              autoCapitalize="none"
              required
              {...form.field('username')}
            />
            <PasswordField
              label={t('accounts.fields.password')}
              description={t('accounts.hints.password')}
              autoComplete="new-password"
              required
              {...form.field('password')}
            />
            <PasswordField
              label={t('accounts.fields.confirmPassword')}
              autoComplete="new-password"
              required
              {...form.field('confirmPassword')}
            />
          </SimpleGrid>
        </Stack>
        <Checkbox
          label={
            <>
              {t('accounts.registration.acceptBefore')}{' '}
              <Anchor
                component={LocalLink}
                to="/terms-of-service"
                target="_blank"
                inherit
                td="underline"
              >
                {t('accounts.registration.terms')}
              </Anchor>{' '}
              {t('accounts.registration.acceptMiddle')}{' '}
              <Anchor
                component={LocalLink}
                to="/privacy-policy"
                target="_blank"
                inherit
                td="underline"
              >
                {t('accounts.registration.privacy')}
              </Anchor>
            </>
          }
          {...form.field('acceptTerms')}
        />
        <Button size="md" fullWidth {...form.submitProps}>
          {t('accounts.registration.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('accounts.registration.haveAccount')}{' '}
          <Anchor component={LocalLink} to="/login" td="underline">
            {t('accounts.registration.signIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

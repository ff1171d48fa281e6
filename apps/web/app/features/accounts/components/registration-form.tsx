import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import { Anchor, Button, Checkbox, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { registrationSchema, type RegistrationInput } from '@permuta/contracts/accounts';
import { useTranslation } from '../../../i18n/react.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { localizePath } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useRegister } from '../api/register.ts';
import { describeFailure } from '../failure.ts';
import { localizedResolver } from '../form.ts';
import { FormFailure } from './form-failure.tsx';
import { PasswordField } from '../../../components/password-field.tsx';

interface RegistrationValues {
  username: string;
  name: string;
  email: string;
  phone: string;
  cpf: string;
  birthDate: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

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

/** The customer's registration, checked by the same schema as the API's. */
export function RegistrationForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const register = useRegister(locale);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegistrationValues>({
    initialValues: {
      username: '',
      name: '',
      email: '',
      phone: '',
      cpf: '',
      birthDate: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
    validate: localizedResolver(registrationSchema, locale),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        // validated by registrationSchema: acceptTerms is true here
        await register.mutateAsync(values as RegistrationInput);
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
    () => setFailure(t('messages.checkForm')),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('pages.registration.title')}>
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
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t('accounts.fields.birthDate')}
              description={t('accounts.hints.birthDate')}
              type="date"
              autoComplete="bday"
              required
              {...form.getInputProps('birthDate')}
            />
            <TextInput
              label={t('accounts.fields.cpf')}
              description={t('accounts.hints.cpf')}
              inputMode="numeric"
              autoComplete="off"
              required
              {...form.getInputProps('cpf')}
            />
            <TextInput
              label={t('accounts.fields.phone')}
              description={t('accounts.hints.phone')}
              type="tel"
              autoComplete="tel-national"
              required
              {...form.getInputProps('phone')}
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
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('accounts.fields.username')}
              description={t('accounts.hints.username')}
              autoComplete="username"
              autoCapitalize="none"
              required
              {...form.getInputProps('username')}
            />
            <PasswordField
              label={t('accounts.fields.password')}
              description={t('accounts.hints.password')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordField
              label={t('accounts.fields.confirmPassword')}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmPassword')}
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
          {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
        />
        <Button type="submit" size="md" fullWidth loading={register.isPending}>
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

import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { useState } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordSchema } from '@permuta/contracts/accounts';
import { useTranslation } from '../../../i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useChangePassword, type ChangePasswordInput } from '../api/change-password.ts';
import { describeFailure } from '../failure.ts';
import { localizedResolver } from '../form.ts';
import { FormFailure } from './form-failure.tsx';
import { PasswordField } from '../../../components/password-field.tsx';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Current password, new password twice; a wrong current password shows on its field. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const change = useChangePassword(locale);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: localizedResolver(changePasswordSchema, locale),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await change.mutateAsync(values);
      form.reset();
      void toast.success(t('accounts.changePassword.success'));
    } catch (error) {
      const found = describeFailure(error, FIELDS, t('messages.generic'));
      form.setErrors(found.fields);
      setFailure(found.message);
    }
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" maw={560}>
      <form onSubmit={submit} noValidate aria-label={t('pages.profileChangePassword.title')}>
        <Stack gap="md">
          <Text c="dimmed">{t('accounts.changePassword.intro')}</Text>
          <FormFailure title={t('accounts.changePassword.failedTitle')} message={failure} />
          <PasswordField
            label={t('accounts.fields.currentPassword')}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordField
            label={t('accounts.fields.newPassword')}
            description={t('accounts.hints.password')}
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordField
            label={t('accounts.fields.confirmNewPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" loading={change.isPending}>
            {t('accounts.changePassword.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

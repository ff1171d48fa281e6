import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { adminCreateSchema } from '@permuta/contracts/accounts';
import { ADMIN_ROLES, type AdminRole } from '@permuta/contracts/admin-roles';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { localizePath } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCreateAdmin, type AdminCreateInput } from '../api/create-admin.ts';
import { serverFieldErrors, zodValidate } from '../form-errors.ts';
import { useTwoFactorRedirect } from '../use-two-factor-redirect.ts';

interface Values {
  username: string;
  name: string;
  /** '' until the owner picks one: the role is a deliberate choice */
  adminRole: AdminRole | '';
  password: string;
  confirmPassword: string;
}

/** The body of POST /admin/admins: an empty name is left out (the username stands for it). */
export function toAdminCreateInput(values: Values): AdminCreateInput {
  const name = values.name.trim();
  return {
    username: values.username,
    ...(name ? { name } : {}),
    adminRole: values.adminRole as AdminRole,
    password: values.password,
    confirmPassword: values.confirmPassword,
  };
}

export function NewAdminForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const create = useCreateAdmin(locale);
  useTwoFactorRedirect(create.error);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { username: '', name: '', adminRole: '', password: '', confirmPassword: '' },
    validate: (values) =>
      zodValidate<AdminCreateInput>(adminCreateSchema, locale)(toAdminCreateInput(values)),
  });
  const fieldErrors = serverFieldErrors(create.error, locale);
  const showAlert = isApiError(create.error) && Object.keys(fieldErrors).length === 0;

  return (
    <Paper withBorder p="lg" maw={520}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          create.mutate(toAdminCreateInput(values), {
            onSuccess: () => {
              void toast.success(t('messages.adminCreated'));
              form.reset();
              void navigate(localizePath('/admin/manager-admins', locale));
            },
            onError: (error) => form.setErrors(serverFieldErrors(error, locale)),
          }),
        )}
      >
        <Stack gap="md">
          <Text size="sm">{t('admin.newAdmin.intro')}</Text>
          {showAlert && (
            <Alert color="red" variant="light" role="alert">
              {create.error?.message}
            </Alert>
          )}
          <TextInput
            label={t('admin.fields.username')}
            description={t('admin.fields.usernameHelp')}
            autoComplete="off"
            required
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <TextInput
            label={t('admin.fields.name')}
            description={t('admin.fields.nameHelp')}
            autoComplete="off"
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <NativeSelect
            label={t('admin.fields.role')}
            description={t('admin.fields.roleHelp')}
            required
            data={[
              { value: '', label: t('admin.fields.rolePlaceholder'), disabled: true },
              ...ADMIN_ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) })),
            ]}
            key={form.key('adminRole')}
            {...form.getInputProps('adminRole')}
          />
          <PasswordField
            label={t('admin.fields.password')}
            description={t('admin.fields.passwordHelp')}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('admin.fields.confirmPassword')}
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('admin.newAdmin.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

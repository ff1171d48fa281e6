import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { adminUpdateSchema } from '@permuta/contracts/accounts';
import { ADMIN_ROLES, type AdminRole } from '@permuta/contracts/admin-roles';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useDeleteAdmin } from '../api/delete-admin.ts';
import { useAdmins } from '../api/list-admins.ts';
import type { AdminListItem } from '../api/types.ts';
import { useUpdateAdmin, type AdminUpdateInput } from '../api/update-admin.ts';
import { serverFieldErrors, zodValidate } from '../form-errors.ts';
import { useTwoFactorRedirect } from '../use-two-factor-redirect.ts';

/** The admins, each with an edit dialog and a delete confirmation. */
export function AdminsTable() {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  const admins = useAdmins(locale);
  useTwoFactorRedirect(admins.error);
  const [editing, setEditing] = useState<AdminListItem | null>(null);
  const [deleting, setDeleting] = useState<AdminListItem | null>(null);

  if (admins.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('common.loading')}</Text>
      </Group>
    );
  }
  if (admins.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{admins.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void admins.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const items = admins.data.items;
  if (items.length === 0) return <Text>{t('admin.admins.empty')}</Text>;

  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Caption>{t('admin.admins.caption', { total: items.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin.fields.username')}</Table.Th>
              <Table.Th scope="col">{t('admin.fields.name')}</Table.Th>
              <Table.Th scope="col">{t('admin.fields.role')}</Table.Th>
              <Table.Th scope="col">{t('admin.admins.twoFactor')}</Table.Th>
              <Table.Th scope="col">{t('admin.admins.createdAt')}</Table.Th>
              <Table.Th scope="col">{t('admin.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((admin) => (
              <Table.Tr key={admin.id} data-testid={`admin-row-${admin.username}`}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {admin.username}
                    </Text>
                    {session?.email === admin.username && (
                      <Badge size="sm" variant="light">
                        {t('admin.admins.you')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{admin.name}</Table.Td>
                <Table.Td>{t(`admin.roles.${admin.adminRole}`)}</Table.Td>
                <Table.Td>
                  <Badge color={admin.twoFactorEnabled ? 'green' : 'gray'} variant="light">
                    {admin.twoFactorEnabled
                      ? t('admin.security.statusOn')
                      : t('admin.security.statusOff')}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(admin.createdAt, locale)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing(admin)}
                      aria-label={t('admin.admins.editOf', { username: admin.username })}
                    >
                      {t('admin.common.edit')}
                    </Button>
                    {/* an admin cannot delete itself (the API refuses it too) */}
                    {session?.email !== admin.username && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setDeleting(admin)}
                        aria-label={t('admin.admins.deleteOf', { username: admin.username })}
                      >
                        {t('admin.common.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('admin.admins.editTitle', { username: editing?.username ?? '' })}
        closeButtonProps={{ 'aria-label': t('admin.common.close') }}
      >
        {editing && <EditAdminForm admin={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('admin.admins.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('admin.common.close') }}
      >
        {deleting && <DeleteAdmin admin={deleting} onDone={() => setDeleting(null)} />}
      </Modal>
    </>
  );
}

interface EditValues {
  username: string;
  adminRole: AdminRole;
  password: string;
}

/** Only what changed goes to PATCH; an empty password keeps the current one. */
export function adminChanges(admin: AdminListItem, values: EditValues): AdminUpdateInput {
  const changes: AdminUpdateInput = {};
  const username = values.username.trim();
  if (username !== admin.username) changes.username = username;
  if (values.adminRole !== admin.adminRole) changes.adminRole = values.adminRole;
  if (values.password !== '') changes.password = values.password;
  return changes;
}

function EditAdminForm({ admin, onDone }: { admin: AdminListItem; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const update = useUpdateAdmin(locale);
  const form = useForm<EditValues>({
    mode: 'uncontrolled',
    initialValues: { username: admin.username, adminRole: admin.adminRole, password: '' },
    validate: (values) => {
      const changes = adminChanges(admin, values);
      if (Object.keys(changes).length === 0) return {};
      return zodValidate<AdminUpdateInput>(adminUpdateSchema, locale)(changes);
    },
  });
  const fieldErrors = serverFieldErrors(update.error, locale);
  const showAlert = isApiError(update.error) && Object.keys(fieldErrors).length === 0;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const changes = adminChanges(admin, values);
        if (Object.keys(changes).length === 0) {
          onDone();
          return;
        }
        update.mutate(
          { id: admin.id, input: changes },
          {
            onSuccess: () => {
              void toast.success(t('admin.admins.updated'));
              onDone();
            },
            onError: (error) => form.setErrors(serverFieldErrors(error, locale)),
          },
        );
      })}
    >
      <Stack gap="md">
        {showAlert && (
          <Alert color="red" variant="light" role="alert">
            {update.error?.message}
          </Alert>
        )}
        <TextInput
          label={t('admin.fields.username')}
          autoComplete="off"
          required
          data-autofocus
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <NativeSelect
          label={t('admin.fields.role')}
          description={t('admin.fields.roleHelp')}
          data={ADMIN_ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) }))}
          key={form.key('adminRole')}
          {...form.getInputProps('adminRole')}
        />
        <PasswordField
          label={t('admin.fields.newPassword')}
          description={t('admin.admins.passwordKeep')}
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onDone}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('admin.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteAdmin({ admin, onDone }: { admin: AdminListItem; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const remove = useDeleteAdmin(locale);
  return (
    <Stack gap="md">
      <Text>{t('admin.admins.deleteConfirm', { username: admin.username })}</Text>
      {remove.isError && (
        <Alert color="red" variant="light" role="alert">
          {remove.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="subtle" onClick={onDone}>
          {t('admin.common.cancel')}
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(admin.id, {
              onSuccess: () => {
                void toast.success(t('admin.admins.deleted', { username: admin.username }));
                onDone();
              },
            })
          }
        >
          {t('admin.admins.deleteAction')}
        </Button>
      </Group>
    </Stack>
  );
}

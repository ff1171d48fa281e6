import './styles.ts';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { networkCreateSchema, networkUpdateSchema } from '@permuta/contracts/catalogue-admin';
import type { AdminNetwork } from '@permuta/contracts/catalogue-admin';
import { useTranslation } from '../../../i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAddNetwork } from '../api/add-network.ts';
import { useUpdateNetwork } from '../api/update-network.ts';
import { apiFieldErrors, generalError, schemaErrors } from '../form-errors.ts';
import { EMPTY_NETWORK, networkToValues, toNetworkInput } from '../values.ts';
import type { NetworkValues } from '../values.ts';
import { NetworkFields } from './network-fields.tsx';

/**
 * A dialog with every field of a network: editing an existing one (`network` given) or adding
 * one to the token. Server field errors land on their fields.
 */
export function NetworkEditor({
  tokenCode,
  network,
  opened,
  onClose,
}: {
  tokenCode: string;
  network: AdminNetwork | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={
        network
          ? t('adminCatalogue.networks.editTitle', { code: network.code, token: tokenCode })
          : t('adminCatalogue.networks.addTitle', { token: tokenCode })
      }
      closeButtonProps={{ 'aria-label': t('admin.common.close') }}
    >
      {opened && <NetworkEditorForm tokenCode={tokenCode} network={network} onDone={onClose} />}
    </Modal>
  );
}

function NetworkEditorForm({
  tokenCode,
  network,
  onDone,
}: {
  tokenCode: string;
  network: AdminNetwork | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const update = useUpdateNetwork(tokenCode, locale);
  const add = useAddNetwork(tokenCode, locale);
  const pending = update.isPending || add.isPending;
  const error = network ? update.error : add.error;
  const form = useForm<NetworkValues>({
    mode: 'controlled',
    initialValues: network ? networkToValues(network) : { ...EMPTY_NETWORK },
    validate: (values) => {
      const input = toNetworkInput(values, locale);
      if (network) {
        const { code: _code, ...changes } = input;
        return schemaErrors(networkUpdateSchema, changes, locale);
      }
      return schemaErrors(networkCreateSchema, input, locale);
    },
  });
  const alert = generalError(error);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const input = toNetworkInput(values, locale);
        const onError = (e: unknown) => form.setErrors(apiFieldErrors(e));
        if (network) {
          const { code: _code, ...changes } = input;
          update.mutate(
            { network: network.code, changes },
            {
              onSuccess: () => {
                void toast.success(t('adminCatalogue.networks.saved', { code: network.code }));
                onDone();
              },
              onError,
            },
          );
        } else {
          add.mutate(input, {
            onSuccess: (created) => {
              void toast.success(t('adminCatalogue.networks.added', { code: created.code }));
              onDone();
            },
            onError,
          });
        }
      })}
    >
      <Stack gap="md">
        {alert && (
          <Alert color="red" variant="light" role="alert">
            {alert}
          </Alert>
        )}
        <NetworkFields form={form} codeEditable={!network} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {network ? t('admin.common.save') : t('adminCatalogue.networks.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

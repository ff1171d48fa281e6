import './styles.ts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react.tsx';

/** What a switch of the catalogue turns on or off, for the dialog that asks first. */
export type SwitchChange =
  | { what: 'token'; code: string; on: boolean }
  | {
      what: 'network' | 'deposit' | 'withdraw';
      code: string;
      network: string;
      on: boolean;
    };

const TEXTS = {
  token: {
    on: {
      title: 'adminCatalogue.switchConfirm.tokenOnTitle',
      body: 'adminCatalogue.switchConfirm.tokenOnBody',
    },
    off: {
      title: 'adminCatalogue.switchConfirm.tokenOffTitle',
      body: 'adminCatalogue.switchConfirm.tokenOffBody',
    },
  },
  network: {
    on: {
      title: 'adminCatalogue.switchConfirm.networkOnTitle',
      body: 'adminCatalogue.switchConfirm.networkOnBody',
    },
    off: {
      title: 'adminCatalogue.switchConfirm.networkOffTitle',
      body: 'adminCatalogue.switchConfirm.networkOffBody',
    },
  },
  deposit: {
    on: {
      title: 'adminCatalogue.switchConfirm.depositOnTitle',
      body: 'adminCatalogue.switchConfirm.depositOnBody',
    },
    off: {
      title: 'adminCatalogue.switchConfirm.depositOffTitle',
      body: 'adminCatalogue.switchConfirm.depositOffBody',
    },
  },
  withdraw: {
    on: {
      title: 'adminCatalogue.switchConfirm.withdrawOnTitle',
      body: 'adminCatalogue.switchConfirm.withdrawOnBody',
    },
    off: {
      title: 'adminCatalogue.switchConfirm.withdrawOffTitle',
      body: 'adminCatalogue.switchConfirm.withdrawOffBody',
    },
  },
} as const;

/**
 * Asks before a token or a network is turned on or off, saying what changes for customers.
 * Nothing is sent until the admin confirms; cancelling leaves the switch as it was.
 */
export function SwitchConfirmDialog({
  change,
  saving,
  onConfirm,
  onCancel,
}: {
  change: SwitchChange | null;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const texts = change ? TEXTS[change.what][change.on ? 'on' : 'off'] : null;
  const values = change
    ? { code: change.code, network: change.what === 'token' ? '' : change.network }
    : {};
  return (
    <Modal opened={change !== null} onClose={onCancel} title={texts ? t(texts.title, values) : ''}>
      {change && texts && (
        <Stack gap="md">
          <Text>{t(texts.body, values)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t('adminCatalogue.switchConfirm.cancel')}
            </Button>
            <Button color={change.on ? undefined : 'red'} onClick={onConfirm} loading={saving}>
              {t(
                change.on
                  ? 'adminCatalogue.switchConfirm.turnOn'
                  : 'adminCatalogue.switchConfirm.turnOff',
              )}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

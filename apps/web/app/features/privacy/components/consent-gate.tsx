import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/InlineInput.css';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { localizePath } from '../../../lib/locale.ts';
import { logout } from '../../../lib/session.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useAcceptConsents, useMyConsents } from '../api/privacy.ts';

/**
 * A signed-in customer who has not accepted the current terms or privacy policy (a new version
 * was published) is asked here, in a dialog that cannot be dismissed, before going on.
 */
export function ConsentGate() {
  const session = useSession();
  const isCustomer = session?.role === 'customer';
  const locale = useLocale();
  const consents = useMyConsents(locale, isCustomer);
  const { pathname } = useLocation();
  const { refetch } = consents;
  // asked again on each page of the customer area: a version published meanwhile shows at once
  useEffect(() => {
    if (isCustomer) void refetch();
  }, [pathname, isCustomer, refetch]);
  const pending = isCustomer ? (consents.data?.pending ?? []) : [];
  if (pending.length === 0) return null;
  return <ConsentDialog key={pending.map((doc) => doc.id).join(',')} pending={pending} />;
}

function ConsentDialog({
  pending,
}: {
  pending: { id: string; kind: string; version: string; path: string; summary: string }[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const accept = useAcceptConsents(locale);
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    try {
      await accept.mutateAsync(pending.map((doc) => doc.id));
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('messages.generic'));
    }
  };

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('consent.title')}
      data-testid="consent-dialog"
    >
      <Stack gap="md">
        <Text>{t('consent.body')}</Text>
        <Stack gap="xs">
          {pending.map((doc) => (
            <div key={doc.id}>
              <Anchor
                href={localizePath(doc.path, locale)}
                target="_blank"
                rel="noopener"
                underline="always"
                fw={600}
              >
                {t(`consent.kind.${doc.kind === 'terms' ? 'terms' : 'privacy'}`)} ({doc.version})
              </Anchor>
              {doc.summary && (
                <Text size="sm" c="dimmed">
                  {doc.summary}
                </Text>
              )}
            </div>
          ))}
        </Stack>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Checkbox
          label={t('consent.checkbox')}
          checked={checked}
          onChange={(event) => setChecked(event.currentTarget.checked)}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => logout()}>
            {t('common.signOut')}
          </Button>
          <Button disabled={!checked} loading={accept.isPending} onClick={() => void submit()}>
            {t('consent.accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

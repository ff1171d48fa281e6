import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { DetailError, DetailLoading } from '../../../components/load-states.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { FieldGrid } from '../../../components/field-grid.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { OrderAmounts } from '../../../components/order-amounts.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatCpf, formatDate, formatDateTime, formatPhone } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCustomer } from '../api/get-customer.ts';
import { useSetCustomerActive } from '../api/set-customer-active.ts';
import type { CustomerProfile } from '../api/types.ts';
import { useVerifyNationalId } from '../api/verify-national-id.ts';
import { useTwoFactorRedirect } from '../use-two-factor-redirect.ts';
import { CustomerDocuments } from './customer-documents.tsx';
import { CustomerFlags } from './customer-flags.tsx';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <TitledSection id={id} title={title}>
      {children}
    </TitledSection>
  );
}

export function CustomerDetail({ id }: { id: string }) {
  const { t } = useTranslation();

  const locale = useLocale();
  const detail = useCustomer(id, locale);
  useTwoFactorRedirect(detail.error);

  const back = (
    <Anchor component={LocalLink} to="/admin/manager-customers" size="sm">
      {t('admin.customer.back')}
    </Anchor>
  );

  if (detail.isPending) return <DetailLoading back={back} />;
  if (detail.isError) {
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    return (
      <DetailError
        back={back}
        title={t('pages.adminManagerCustomer.title')}
        notFound={notFound}
        message={notFound ? t('admin.customer.notFound') : detail.error.message}
        onRetry={() => void detail.refetch()}
      />
    );
  }

  const { customer, documents, wallets, orders, enhancedDeclaration } = detail.data;
  return (
    <Stack gap="lg">
      {back}
      <Stack gap={4}>
        <Title order={1}>{customer.name}</Title>
        <Text c="dimmed">@{customer.username}</Text>
      </Stack>
      <CustomerFlags customer={customer} />
      <Actions customer={customer} />
      <Section title={t('admin.customer.profile')}>
        <FieldGrid
          rows={[
            [t('admin.fields.email'), customer.email],
            [t('admin.fields.phone'), formatPhone(customer.phone)],
            [t('admin.fields.cpf'), formatCpf(customer.cpf)],
            [t('admin.fields.birthDate'), formatDate(customer.birthDate, locale)],
            [
              t('admin.fields.language'),
              customer.locale === 'pt-BR' ? 'Português (Brasil)' : 'English (US)',
            ],
            [t('admin.customers.registeredAt'), formatDateTime(customer.createdAt, locale)],
          ]}
        />
      </Section>
      <Section title={t('admin.customer.documents')}>
        <CustomerDocuments documents={documents} />
        {enhancedDeclaration && (
          <Text size="sm" mt="sm" data-testid="enhanced-declaration">
            {t('admin.customer.enhancedDeclaration', {
              income: t(`limits.incomeRanges.${enhancedDeclaration.incomeRange as 'up_to_5k'}`),
              occupation: enhancedDeclaration.occupation,
              date: formatDateTime(enhancedDeclaration.declaredAt, locale),
            })}
          </Text>
        )}
      </Section>
      <Section title={t('admin.customer.wallets')}>
        {wallets.length === 0 ? (
          <Text c="dimmed">{t('admin.customer.noWallets')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.customer.token')}</Table.Th>
                  <Table.Th scope="col">{t('admin.customer.network')}</Table.Th>
                  <Table.Th scope="col">{t('admin.customer.destination')}</Table.Th>
                  <Table.Th scope="col">{t('admin.customer.walletCreatedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {wallets.map((wallet) => (
                  <Table.Tr key={wallet.id}>
                    <Table.Td>{wallet.token}</Table.Td>
                    <Table.Td>
                      {wallet.network ?? t(`admin.customer.walletKind.${wallet.kind}`)}
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>
                      <Text size="sm" ff="monospace">
                        {wallet.destination}
                      </Text>
                      {wallet.memo && (
                        <Text size="xs" c="dimmed">
                          {t('admin.customer.memo', { memo: wallet.memo })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDateTime(wallet.createdAt, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={t('admin.customer.orders')}>
        {orders.length === 0 ? (
          <Text c="dimmed">{t('admin.customer.noOrders')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.customer.order')}</Table.Th>
                  <Table.Th scope="col">{t('admin.customer.orderAmounts')}</Table.Th>
                  <Table.Th scope="col">{t('admin.customer.orderStatus')}</Table.Th>
                  <Table.Th scope="col">{t('admin.customer.orderCreatedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      <Anchor
                        component={LocalLink}
                        to={`/admin/orders/${encodeURIComponent(order.id)}`}
                        ff="monospace"
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {order.reference}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <OrderAmounts order={order} locale={locale} />
                    </Table.Td>
                    <Table.Td>{t(`adminOrders.status.${order.status}`)}</Table.Td>
                    <Table.Td>{formatDateTime(order.createdAt, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  );
}

function Actions({ customer }: { customer: CustomerProfile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const setActive = useSetCustomerActive(customer.id, locale);
  const nationalId = useVerifyNationalId(customer.id, locale);
  const [confirming, setConfirming] = useState<'active' | 'nationalId' | null>(null);
  const nextActive = !customer.active;
  const nextVerified = !customer.nationalIdVerified;
  const close = () => {
    setConfirming(null);
    setActive.reset();
    nationalId.reset();
  };
  const texts =
    confirming === 'nationalId'
      ? {
          title: nextVerified
            ? t('admin.customer.nationalIdVerifyTitle')
            : t('admin.customer.nationalIdRevokeTitle'),
          body: t(
            nextVerified
              ? 'admin.customer.nationalIdVerifyConfirm'
              : 'admin.customer.nationalIdRevokeConfirm',
            { name: customer.name, cpf: formatCpf(customer.cpf) },
          ),
          action: nextVerified
            ? t('admin.customer.verifyNationalId')
            : t('admin.customer.revokeNationalId'),
          color: nextVerified ? 'green' : 'red',
          pending: nationalId.isPending,
          error: nationalId.isError ? nationalId.error.message : null,
          run: () =>
            nationalId.mutate(nextVerified, {
              onSuccess: (result) => {
                void toast.success(result.message);
                setConfirming(null);
              },
            }),
        }
      : {
          title: nextActive
            ? t('admin.customer.activateTitle')
            : t('admin.customer.deactivateTitle'),
          body: nextActive
            ? t('admin.customer.activateConfirm', { name: customer.name })
            : t('admin.customer.deactivateConfirm', { name: customer.name }),
          action: nextActive ? t('admin.customer.activate') : t('admin.customer.deactivate'),
          color: nextActive ? 'green' : 'red',
          pending: setActive.isPending,
          error: setActive.isError ? setActive.error.message : null,
          run: () =>
            setActive.mutate(nextActive, {
              onSuccess: () => {
                void toast.success(
                  nextActive ? t('admin.customer.activated') : t('admin.customer.deactivated'),
                );
                setConfirming(null);
              },
            }),
        };

  return (
    <>
      <Group gap="sm">
        <Button
          variant="light"
          color={customer.active ? 'red' : 'green'}
          onClick={() => setConfirming('active')}
        >
          {customer.active ? t('admin.customer.deactivate') : t('admin.customer.activate')}
        </Button>
        <Button variant="light" onClick={() => setConfirming('nationalId')}>
          {customer.nationalIdVerified
            ? t('admin.customer.revokeNationalId')
            : t('admin.customer.verifyNationalId')}
        </Button>
      </Group>
      <Modal
        opened={confirming !== null}
        onClose={close}
        title={texts.title}
        closeButtonProps={{ 'aria-label': t('admin.common.close') }}
      >
        <Stack gap="md">
          <Text>{texts.body}</Text>
          {texts.error && (
            <Alert color="red" variant="light" role="alert">
              {texts.error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="subtle" onClick={close}>
              {t('admin.common.cancel')}
            </Button>
            <Button color={texts.color} loading={texts.pending} onClick={texts.run}>
              {texts.action}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

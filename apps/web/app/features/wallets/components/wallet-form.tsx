import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { bankLabel } from '@permuta/contracts/banks';
import { tokenLabel } from '@permuta/contracts/catalogue';
import type { PublicToken } from '@permuta/contracts/catalogue';
import {
  PIX_KEY_TYPES,
  type PixKeyType,
  type WalletSaved,
  type WalletView,
} from '@permuta/contracts/wallets';
import { useTranslation } from '../../../i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { adminText } from '../../../lib/admin-text.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { filterBanks } from '../bank-filter.ts';
import { useBanks } from '../api/get-banks.ts';
import { useCreateWallet } from '../api/create-wallet.ts';
import { useUpdateWallet } from '../api/update-wallet.ts';
import {
  EMPTY_WALLET_FORM,
  defaultNetwork,
  describeFailure,
  findNetwork,
  toCreateBody,
  toUpdateBody,
  validateWalletForm,
  valuesOfWallet,
  type WalletFormValues,
} from '../form.ts';

/** What a key of each type looks like (the same in both languages). */
const PIX_KEY_EXAMPLES: Record<PixKeyType, string> = {
  cpf: '123.456.789-09',
  cnpj: '12.345.678/0001-95',
  email: 'ana@example.com',
  phone: '(11) 98888-7777',
  random: '123e4567-e89b-42d3-a456-426614174000',
};

/** `52998224725` as `529.982.247-25`. */
function maskCpf(cpf: string): string {
  return cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}

/** Fresh values for a token: its only/default (or the asked) network; for PIX, the customer as holder. */
function valuesForToken(
  token: PublicToken | undefined,
  network: string | null | undefined,
  holder: WalletFormProps['holder'],
): WalletFormValues {
  if (!token) return EMPTY_WALLET_FORM;
  const values = {
    ...EMPTY_WALLET_FORM,
    token: token.code,
    network: findNetwork(token, network?.toUpperCase() ?? '')?.code ?? defaultNetwork(token),
  };
  if (token.kind === 'pix' && holder) {
    values.holderName = holder.name;
    values.holderDocument = maskCpf(holder.cpf);
  }
  return values;
}

export interface WalletFormProps {
  /** the catalogue's tokens (the choices when adding; the network rules when editing) */
  tokens: PublicToken[];
  /** the wallet being edited; absent when adding one */
  wallet?: WalletView;
  /** token and network to start with when adding (`?token=USDT&network=TRC20` from the exchange screen) */
  preset?: { token: string | null; network: string | null };
  /** the customer: a new PIX wallet starts with them as the holder */
  holder?: { name: string; cpf: string } | undefined;
  /** false while the e-mail is not validated: the form shows but cannot be sent */
  canSave?: boolean;
  onSaved?: (saved: WalletSaved) => void;
}

/**
 * Adds or edits a wallet. The fields follow the token's kind: crypto (network, address, memo
 * where the network needs one), PIX (key type and key, bank, holder name and CPF/CNPJ) or Deriv
 * (account). The API's field messages land on their fields; its success message is the toast.
 */
export function WalletForm({
  tokens,
  wallet,
  preset,
  holder,
  canSave = true,
  onSaved,
}: WalletFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const editing = wallet !== undefined;
  const create = useCreateWallet(locale);
  const update = useUpdateWallet(locale);
  const [failure, setFailure] = useState<{ message: string; code: string | null } | null>(null);

  const initial = wallet
    ? valuesOfWallet(wallet)
    : valuesForToken(
        tokens.find((item) => item.code === preset?.token?.toUpperCase()),
        preset?.network,
        holder,
      );
  const form = useForm<WalletFormValues>({ initialValues: initial });
  const values = form.getValues();

  const token = tokens.find((item) => item.code === values.token);
  const kind = wallet?.kind ?? token?.kind;
  const network = findNetwork(token, values.network);
  const showMemo = kind === 'crypto' && (network?.memoRequired === true || values.memo !== '');
  const banks = useBanks(locale, kind === 'pix');

  const tokenChoices = useMemo(
    () => tokens.map((item) => ({ value: item.code, label: tokenLabel(item) })),
    [tokens],
  );
  const bankChoices = useMemo(
    () => (banks.data ?? []).map((bank) => ({ value: bank.code, label: bankLabel(bank) })),
    [banks.data],
  );

  // The customer's profile may arrive after PIX was picked: fill the untouched holder fields then.
  const holderName = holder?.name;
  const holderCpf = holder?.cpf;
  useEffect(() => {
    if (editing || kind !== 'pix' || !holderName || !holderCpf) return;
    const current = form.getValues();
    if (current.holderName !== '' || current.holderDocument !== '') return;
    form.setFieldValue('holderName', holderName);
    form.setFieldValue('holderDocument', maskCpf(holderCpf));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `form` is stable
  }, [editing, kind, holderName, holderCpf]);

  const pickToken = (code: string | null) => {
    form.setValues(
      valuesForToken(
        tokens.find((item) => item.code === code),
        null,
        holder,
      ),
    );
    form.clearErrors();
    setFailure(null);
  };

  const submit = form.onSubmit(async (current) => {
    setFailure(null);
    const errors = validateWalletForm(
      current,
      { kind, network: findNetwork(token, current.network), editing, ownCpf: holder?.cpf },
      locale,
    );
    if (Object.keys(errors).length > 0 || !kind) {
      form.setErrors(errors);
      return;
    }
    try {
      const saved = wallet
        ? await update.mutateAsync({ id: wallet.id, input: toUpdateBody(current, kind) })
        : await create.mutateAsync(toCreateBody(current, kind));
      void toast.success(saved.message);
      if (wallet) {
        form.setValues(valuesOfWallet(saved.wallet));
        form.resetDirty();
      }
      // a new wallet: the screen shows what was saved and offers the next step
      onSaved?.(saved);
    } catch (error) {
      const found = describeFailure(error, t('messages.generic'));
      form.setErrors(found.fields);
      setFailure({ message: found.message, code: found.code });
    }
  });

  const pending = create.isPending || update.isPending;
  const keyType = values.pixKeyType as PixKeyType | '';

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t(editing ? 'wallets.form.editLabel' : 'wallets.form.createLabel')}
    >
      <Stack gap="md">
        {failure && (
          <Alert
            variant="light"
            color={failure.code === 'EMAIL_NOT_VERIFIED' ? 'yellow' : 'red'}
            title={t('wallets.form.failedTitle')}
            icon={<IconAlertTriangle aria-hidden="true" />}
            role="alert"
            data-testid="wallet-form-failure"
          >
            {failure.message}
          </Alert>
        )}

        {editing ? (
          <Text data-testid="wallet-form-token">
            {t('wallets.form.editingFor', {
              token: wallet.token.code,
              network: wallet.network?.name ?? wallet.token.name,
            })}
          </Text>
        ) : (
          <Select
            label={t('wallets.fields.token')}
            placeholder={t('wallets.placeholders.token')}
            data={tokenChoices}
            required
            allowDeselect={false}
            key={form.key('token')}
            {...form.getInputProps('token')}
            onChange={pickToken}
          />
        )}

        {kind === 'crypto' && (
          <>
            {!editing && (
              <Select
                label={t('wallets.fields.network')}
                placeholder={t('wallets.placeholders.network')}
                data={(token?.networks ?? []).map((item) => ({
                  value: item.code,
                  label: item.name,
                }))}
                required
                allowDeselect={false}
                key={form.key('network')}
                {...form.getInputProps('network')}
              />
            )}
            <TextInput
              label={t('wallets.fields.address')}
              description={
                (network?.name ?? wallet?.network?.name)
                  ? t('wallets.hints.address', {
                      network: network?.name ?? wallet?.network?.name,
                    })
                  : t('wallets.hints.addressNoNetwork')
              }
              autoComplete="off"
              spellCheck={false}
              required
              key={form.key('address')}
              {...form.getInputProps('address')}
            />
            {showMemo && (
              <TextInput
                label={t('wallets.fields.memo')}
                description={t('wallets.hints.memo')}
                autoComplete="off"
                required={network?.memoRequired === true}
                key={form.key('memo')}
                {...form.getInputProps('memo')}
              />
            )}
            {adminText(network?.tip, locale) && (
              <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
                {adminText(network?.tip, locale)}
              </Alert>
            )}
          </>
        )}

        {kind === 'pix' && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('wallets.fields.pixKeyType')}
                placeholder={t('wallets.placeholders.pixKeyType')}
                data={PIX_KEY_TYPES.map((type) => ({
                  value: type,
                  label: t(`wallets.pixKeyTypes.${type}`),
                }))}
                required
                allowDeselect={false}
                key={form.key('pixKeyType')}
                {...form.getInputProps('pixKeyType')}
              />
              <TextInput
                label={t('wallets.fields.pixKey')}
                placeholder={keyType ? PIX_KEY_EXAMPLES[keyType] : undefined}
                autoComplete="off"
                spellCheck={false}
                required
                key={form.key('pixKey')}
                {...form.getInputProps('pixKey')}
              />
            </SimpleGrid>
            <Select
              label={t('wallets.fields.bank')}
              placeholder={banks.isPending ? t('common.loading') : t('wallets.placeholders.bank')}
              description={banks.isError ? t('wallets.banksError') : t('wallets.hints.bank')}
              data={bankChoices}
              searchable
              filter={filterBanks}
              nothingFoundMessage={t('wallets.noBankFound')}
              limit={50}
              required
              key={form.key('bankCode')}
              {...form.getInputProps('bankCode')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('wallets.fields.holderName')}
                autoComplete="name"
                required
                key={form.key('holderName')}
                {...form.getInputProps('holderName')}
              />
              <TextInput
                label={t('wallets.fields.holderDocument')}
                description={t('wallets.hints.holderDocument')}
                autoComplete="off"
                required
                key={form.key('holderDocument')}
                {...form.getInputProps('holderDocument')}
              />
            </SimpleGrid>
          </>
        )}

        {kind === 'deriv' && (
          <TextInput
            label={t('wallets.fields.derivAccount')}
            description={t('wallets.hints.derivAccount')}
            placeholder="CR1234567"
            autoComplete="off"
            spellCheck={false}
            required
            key={form.key('derivAccount')}
            {...form.getInputProps('derivAccount')}
          />
        )}

        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={!canSave || (!editing && !kind)}>
            {t(editing ? 'wallets.form.save' : 'wallets.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

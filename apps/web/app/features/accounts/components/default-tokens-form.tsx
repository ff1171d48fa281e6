import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { CustomerProfile } from '@permuta/contracts/accounts';
import type { PublicToken } from '@permuta/contracts/catalogue';
import { useTranslation } from '../../../i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTokenChoices } from '../api/get-token-choices.ts';
import { useUpdateDefaultTokens } from '../api/update-default-tokens.ts';
import { describeFailure } from '../failure.ts';
import { FormFailure } from './form-failure.tsx';

/** `USDT · Tether USD`; just the name when it already names the code. */
function tokenLabel(token: PublicToken): string {
  return token.name.toUpperCase().includes(token.code.toUpperCase())
    ? token.name
    : `${token.code} · ${token.name}`;
}

/** The pair the exchange screens start with (each side may be left without a default). */
export function DefaultTokensForm({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const choices = useTokenChoices(locale);
  const update = useUpdateDefaultTokens(locale);
  const [send, setSend] = useState(profile.defaultSendToken ?? '');
  const [receive, setReceive] = useState(profile.defaultReceiveToken ?? '');
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    try {
      const saved = await update.mutateAsync({
        defaultSendToken: send || null,
        defaultReceiveToken: receive || null,
      });
      setSend(saved.defaultSendToken ?? '');
      setReceive(saved.defaultReceiveToken ?? '');
      void toast.success(t('accounts.account.tokensSaved'));
    } catch (error) {
      setFailure(describeFailure(error, [], t('messages.generic')).message);
    }
  };

  let body: React.ReactNode;
  if (choices.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true">
        <Skeleton height={60} />
        <Skeleton height={60} />
      </SimpleGrid>
    );
  } else if (choices.isError) {
    body = (
      <Stack gap="sm" align="flex-start" role="alert">
        <Text>{t('accounts.account.tokensLoadError')}</Text>
        <Button
          variant="default"
          onClick={() => void choices.refetch()}
          loading={choices.isFetching}
        >
          {t('common.retry')}
        </Button>
      </Stack>
    );
  } else if (choices.data.tokens.length === 0) {
    body = <Text role="status">{t('accounts.account.noTokens')}</Text>;
  } else {
    const options = [
      { value: '', label: t('accounts.account.noToken') },
      ...choices.data.tokens.map((token) => ({ value: token.code, label: tokenLabel(token) })),
    ];
    // a saved default no longer offered stays visible until changed
    const withSaved = (value: string) =>
      value && !options.some((o) => o.value === value)
        ? [...options, { value, label: value }]
        : options;
    body = (
      <>
        <FormFailure title={t('accounts.account.tokensTitle')} message={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('accounts.account.sendToken')}
            data={withSaved(send)}
            value={send}
            onChange={(event) => setSend(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('accounts.account.receiveToken')}
            data={withSaved(receive)}
            value={receive}
            onChange={(event) => setReceive(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('accounts.account.saveTokens')}
          </Button>
        </Group>
      </>
    );
  }

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="tokens-title">
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="tokens-title">
              {t('accounts.account.tokensTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('accounts.account.tokensIntro')}
            </Text>
          </div>
          {body}
        </Stack>
      </form>
    </Paper>
  );
}

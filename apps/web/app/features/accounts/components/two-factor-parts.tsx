import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  TextInput,
  type ButtonProps,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { groupSecret } from '../totp.ts';

/*
 * The pieces of the two-factor screens shared by the customers' (decision 061) and the admins'
 * security sections: the two screens call different endpoints and say things with their own
 * texts, so each part takes its texts and its request state; the layout and test ids are common.
 */

/** One field of a two-factor form: the account's password or a code of the app. */
export interface TwoFactorField<K extends string> {
  name: K;
  kind: 'password' | 'code';
  label: string;
  description?: string;
  /** a TOTP only (numeric keyboard); off where a recovery code is accepted too */
  numeric?: boolean;
}

/** The state of the request a form sends. */
export interface RequestState {
  isPending: boolean;
  error: Error | null;
}

/**
 * A small form of a two-factor step (start, confirm, new recovery codes, turn off): a help text,
 * the request's error, the password and/or code fields, the submit button and any other buttons.
 */
export function TwoFactorForm<K extends string>({
  fields,
  validate,
  intro,
  ariaLabel,
  submitLabel,
  submitProps,
  request,
  onSubmit,
  children,
}: {
  fields: TwoFactorField<K>[];
  validate: (values: Record<K, string>) => FormErrors;
  intro?: ReactNode;
  ariaLabel?: string;
  submitLabel: string;
  submitProps?: Pick<ButtonProps, 'color' | 'variant'>;
  request: RequestState;
  /** `reset` empties the fields (after a success) */
  onSubmit: (values: Record<K, string>, reset: () => void) => void;
  /** buttons after the submit one */
  children?: ReactNode;
}) {
  const form = useForm<Record<K, string>>({
    mode: 'uncontrolled',
    initialValues: Object.fromEntries(fields.map((field) => [field.name, ''])) as Record<K, string>,
    validate,
  });
  return (
    <form
      noValidate
      aria-label={ariaLabel}
      onSubmit={form.onSubmit((values) => onSubmit(values, () => form.reset()))}
    >
      <Stack gap="sm" maw={420}>
        {intro && <Text size="sm">{intro}</Text>}
        {request.error && (
          <Alert color="red" variant="light" role="alert">
            {request.error.message}
          </Alert>
        )}
        {fields.map((field) =>
          field.kind === 'password' ? (
            <PasswordField
              label={field.label}
              autoComplete="current-password"
              required
              key={form.key(field.name)}
              {...form.getInputProps(field.name)}
            />
          ) : (
            <TextInput
              label={field.label}
              description={field.description}
              autoComplete="one-time-code"
              inputMode={field.numeric ? 'numeric' : undefined}
              required
              key={form.key(field.name)}
              {...form.getInputProps(field.name)}
            />
          ),
        )}
        <Group>
          <Button type="submit" loading={request.isPending} {...submitProps}>
            {submitLabel}
          </Button>
          {children}
        </Group>
      </Stack>
    </form>
  );
}

/** The QR code of an `otpauth://` URI for the authenticator app (a loader while it is drawn). */
export function TotpQr({ uri, alt }: { uri: string; alt: string }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((module) => module.default.toDataURL(uri, { margin: 2, width: 220 }))
      .then((url) => {
        if (live) setQr(url);
      });
    return () => {
      live = false;
    };
  }, [uri]);

  return qr ? (
    <Image src={qr} alt={alt} w={220} h={220} radius="sm" data-testid="totp-qr" />
  ) : (
    <Loader role="status" aria-label={t('common.loading')} />
  );
}

/** The secret to type by hand, in groups of four. */
export function TotpSecret({ secret, label }: { secret: string; label: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Code data-testid="totp-secret" data-secret={secret}>
        {groupSecret(secret)}
      </Code>
    </Stack>
  );
}

/** The recovery codes, one a line, with a button that copies them and any other buttons. */
export function RecoveryCodes({
  codes,
  copyLabel,
  copiedLabel,
  children,
}: {
  codes: string[];
  copyLabel: string;
  copiedLabel: string;
  children?: ReactNode;
}) {
  const text = codes.join('\n');
  return (
    <>
      <Code block data-testid="recovery-codes" w="100%">
        {text}
      </Code>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" size="xs" onClick={copy} color={copied ? 'green' : undefined}>
              {copied ? copiedLabel : copyLabel}
            </Button>
          )}
        </CopyButton>
        {children}
      </Group>
    </>
  );
}

/** What a section reads of its two-factor query (TanStack Query's result fits). */
export interface TwoFactorQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * The section's body for the state of its two-factor query: a loader while it loads, the error
 * with a retry, then the panel for two-factor on or off (or `instead`, the recovery codes just
 * made, which replace either panel).
 */
export function TwoFactorStatePanel<T>({
  query,
  enabled,
  on,
  off,
  instead,
}: {
  query: TwoFactorQuery<T>;
  enabled: (data: T) => boolean;
  on: (data: T) => ReactNode;
  off: ReactNode;
  instead?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('common.loading')}</Text>
        </Group>
      )}
      {query.isError && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{query.error?.message}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {instead ?? (query.data !== undefined && (enabled(query.data) ? on(query.data) : off))}
    </>
  );
}

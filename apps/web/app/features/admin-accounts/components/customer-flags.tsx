import '@mantine/core/styles/Badge.css';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocale } from '../../../lib/use-locale.ts';

interface Flags {
  active: boolean;
  emailVerified: boolean;
  documentsVerified: boolean;
  nationalIdVerified: boolean;
  /** when the customer's personal data was erased at their request */
  anonymizedAt?: string | null | undefined;
}

/** The customer's state as badges: active or not, e-mail, documents and national ID. */
export function CustomerFlags({
  customer,
  compact = false,
}: {
  customer: Flags;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const size = compact ? 'sm' : 'md';
  return (
    <Group gap={6}>
      {customer.anonymizedAt && (
        <Badge size={size} variant="filled" color="gray" data-testid="customer-anonymized">
          {t('admin.anonymized', {
            date: new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(
              new Date(customer.anonymizedAt),
            ),
          })}
        </Badge>
      )}
      <Badge size={size} variant="light" color={customer.active ? 'green' : 'red'}>
        {customer.active ? t('admin.flags.active') : t('admin.flags.inactive')}
      </Badge>
      <Badge size={size} variant="light" color={customer.emailVerified ? 'green' : 'yellow'}>
        {customer.emailVerified ? t('admin.flags.emailVerified') : t('admin.flags.emailPending')}
      </Badge>
      <Badge size={size} variant="light" color={customer.documentsVerified ? 'green' : 'gray'}>
        {customer.documentsVerified
          ? t('admin.flags.documentsVerified')
          : t('admin.flags.documentsPending')}
      </Badge>
      {(!compact || customer.nationalIdVerified) && (
        <Badge size={size} variant="light" color={customer.nationalIdVerified ? 'green' : 'gray'}>
          {customer.nationalIdVerified
            ? t('admin.flags.nationalIdVerified')
            : t('admin.flags.nationalIdPending')}
        </Badge>
      )}
    </Group>
  );
}

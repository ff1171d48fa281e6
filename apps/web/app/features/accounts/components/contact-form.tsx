import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contactInfoSchema, type CustomerProfile } from '@permuta/contracts/accounts';
import { useTranslation } from '../../../i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUpdateContact, type ContactInput } from '../api/update-contact.ts';
import { formatPhone } from '../format.ts';
import { describeFailure } from '../failure.ts';
import { localizedResolver } from '../form.ts';
import { FormFailure } from './form-failure.tsx';

/** Name and phone of the customer. */
export function ContactForm({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const update = useUpdateContact(locale);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ContactInput>({
    initialValues: { name: profile.name, phone: formatPhone(profile.phone) },
    validate: localizedResolver(contactInfoSchema, locale),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync(values);
      const next = { name: saved.name, phone: formatPhone(saved.phone) };
      form.setInitialValues(next);
      form.setValues(next);
      void toast.success(t('messages.contactUpdated'));
    } catch (error) {
      const found = describeFailure(error, ['name', 'phone'], t('messages.generic'));
      form.setErrors(found.fields);
      setFailure(found.message);
    }
  });

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="contact-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="contact-title">
              {t('accounts.account.contactTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('accounts.account.contactIntro')}
            </Text>
          </div>
          <FormFailure title={t('accounts.account.contactTitle')} message={failure} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('accounts.fields.name')}
              autoComplete="name"
              required
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t('accounts.fields.phone')}
              description={t('accounts.hints.phone')}
              type="tel"
              autoComplete="tel-national"
              required
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('accounts.account.saveContact')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { Container, Stack, Text, Title } from '@mantine/core';
import { ContactChannels } from '../features/public-site/components/contact-channels.tsx';
import { ContactForm } from '../features/public-site/components/contact-form.tsx';
import classes from '../features/public-site/components/public-site.module.css';
import { usePublicSettings } from '../features/settings/api/get-public-settings.ts';
import { useTranslation } from '../i18n/react.tsx';
import { QueryProvider } from '../lib/query-client.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('contact');

function Channels() {
  const { data, isError, refetch } = usePublicSettings();
  return <ContactChannels settings={data} isError={isError} onRetry={() => void refetch()} />;
}

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <QueryProvider>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <Stack gap="sm" maw={760}>
            <Title order={1}>{t('pages.contact.title')}</Title>
            <Text size="lg">{t('contact.intro')}</Text>
            <Text>{t('contact.tip')}</Text>
          </Stack>
          <div className={classes.contactGrid}>
            <Stack gap="lg">
              <Channels />
              <Text size="sm" c="dimmed">
                {t('contact.safety')}
              </Text>
            </Stack>
            <ContactForm />
          </div>
        </Stack>
      </Container>
    </QueryProvider>
  );
}

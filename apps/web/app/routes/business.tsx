import { Paper, Stack, Text, Title } from '@mantine/core';
import { ShellLinkButton } from '../components/shell-button.tsx';
import { LegalDocumentPage } from '../features/public-site/components/legal-document.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('business');

export default function BusinessPage() {
  const { t } = useTranslation();
  return (
    <LegalDocumentPage page="business" id="business">
      <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="business-cta">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3" id="business-cta">
            {t('business.cta')}
          </Title>
          <Text>{t('business.ctaBody')}</Text>
          <ShellLinkButton to="/contact" size="md" data-testid="business-contact">
            {t('pages.contact.title')}
          </ShellLinkButton>
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="business-open">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3" id="business-open">
            {t('business.openAccount')}
          </Title>
          <Text>{t('business.openAccountBody')}</Text>
          <ShellLinkButton to="/profile/business" size="md" data-testid="business-open">
            {t('business.openAccount')}
          </ShellLinkButton>
        </Stack>
      </Paper>
    </LegalDocumentPage>
  );
}

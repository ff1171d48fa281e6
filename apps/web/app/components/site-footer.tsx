import { Anchor, Box, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { LocalLink } from './local-link.tsx';
import { Logo } from './logo.tsx';
import classes from './site-shell.module.css';

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <div className={classes.footerGrid}>
          <Stack gap="sm">
            <Logo size={28} />
            <Text size="sm" c="dimmed">
              {t('footer.tagline')}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} size="sm" component="h2">
              {t('footer.company')}
            </Text>
            <Anchor component={LocalLink} to="/business" size="sm">
              {t('pages.business.title')}
            </Anchor>
            <Anchor component={LocalLink} to="/testimonials" size="sm">
              {t('pages.testimonials.title')}
            </Anchor>
            <Anchor component={LocalLink} to="/contact" size="sm">
              {t('pages.contact.title')}
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} size="sm" component="h2">
              {t('footer.legal')}
            </Text>
            <Anchor component={LocalLink} to="/terms-of-service" size="sm">
              {t('pages.termsOfService.title')}
            </Anchor>
            <Anchor component={LocalLink} to="/privacy-policy" size="sm">
              {t('pages.privacyPolicy.title')}
            </Anchor>
            <Anchor component={LocalLink} to="/pld" size="sm">
              {t('pages.pld.title')}
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} size="sm" component="h2">
              {t('footer.support')}
            </Text>
            <Anchor component={LocalLink} to="/track" size="sm" data-testid="footer-track">
              {t('pages.track.title')}
            </Anchor>
            <Text size="sm">{t('footer.hours')}</Text>
            <Text size="sm">{t('footer.response')}</Text>
          </Stack>
        </div>
        <Stack gap={4} mt="xl" pt="md" className={classes.footerBottom}>
          <Text size="xs" c="dimmed">
            {t('footer.age')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('footer.rights', { year })}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/NavLink.css';
import { Box, Container, Grid, NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { Outlet } from 'react-router';
import { LocalNavLink } from '../components/local-link.tsx';
import { SiteShell } from '../components/site-shell.tsx';
import { EmailVerificationBanner } from '../features/accounts/components/email-verification-banner.tsx';
import { ConsentGate } from '../features/privacy/components/consent-gate.tsx';
import { profileSidebarGroups } from '../lib/nav.ts';
import classes from './layouts.module.css';

const SECTIONS = profileSidebarGroups();

/** The public header and footer around a sidebar with the customer's screens. */
export default function ProfileLayout() {
  const { t } = useTranslation();
  // many screens: in sections, each a titled list, so the menu reads at a glance; `place` keeps
  // the ids of the wide and the narrow menu apart
  const links = (place: string) =>
    SECTIONS.map((section) => (
      <Box key={section.group} component="section" aria-labelledby={`${place}-${section.group}`}>
        <Text id={`${place}-${section.group}`} size="xs" fw={700} c="dimmed" mt="sm" mb={4} px="sm">
          {t(`nav.profileGroups.${section.group}`)}
        </Text>
        <Stack gap={2}>
          {section.routes.map((route) => (
            <NavLink
              key={route.id}
              component={LocalNavLink}
              to={route.path}
              label={t(`pages.${route.id}.title`)}
              className={classes.navLink}
            />
          ))}
        </Stack>
      </Box>
    ));
  return (
    <SiteShell>
      <Container size="lg" py="xl">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Box component="nav" aria-label={t('nav.customerArea')} visibleFrom="md">
              <Text fw={700} size="sm" c="dimmed" tt="uppercase" mb="xs">
                {t('nav.customerArea')}
              </Text>
              {links('nav-wide')}
            </Box>
            <Box component="details" hiddenFrom="md" className={classes.details}>
              <summary>{t('nav.customerArea')}</summary>
              <Box component="nav" aria-label={t('nav.customerArea')} mt="xs">
                {links('nav-narrow')}
              </Box>
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <EmailVerificationBanner />
            <ConsentGate />
            <Outlet />
          </Grid.Col>
        </Grid>
      </Container>
    </SiteShell>
  );
}

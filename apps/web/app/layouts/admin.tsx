import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/NavLink.css';
import { useState } from 'react';
import { Anchor, AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { Outlet, useLocation } from 'react-router';
import { ColorModeToggle } from '../components/color-mode-toggle.tsx';
import { LanguageSwitcher } from '../components/language-switcher.tsx';
import { LocalLink, LocalNavLink } from '../components/local-link.tsx';
import { Logo } from '../components/logo.tsx';
import { sidebarRoutes } from '../lib/nav.ts';
import { logout } from '../lib/session.ts';
import classes from './layouts.module.css';

const ROUTES = sidebarRoutes('admin');

/** Back office: header and a sidebar listing every admin screen. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // the mobile sidebar belongs to the page it was opened on: navigating closes it
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const opened = openedOn === pathname;
  const toggle = () => setOpenedOn(opened ? null : pathname);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('common.closeMenu') : t('common.openMenu')}
            />
            <Anchor component={LocalLink} to="/admin" underline="never">
              <Logo size={28} />
            </Anchor>
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {t('common.backOffice')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <ColorModeToggle />
            <Button variant="subtle" onClick={() => logout()} visibleFrom="sm">
              {t('common.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('nav.adminArea')}>
        <AppShell.Section grow className={classes.scroll}>
          {ROUTES.map((route) => (
            <NavLink
              key={route.id}
              component={LocalNavLink}
              to={route.path}
              end={route.path === '/admin'}
              label={t(`pages.${route.id}.title`)}
              className={classes.navLink}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" pt="sm">
          <Button variant="subtle" onClick={() => logout()} fullWidth>
            {t('common.signOut')}
          </Button>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

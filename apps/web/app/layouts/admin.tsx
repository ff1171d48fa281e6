import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/NavLink.css';
import { useState } from 'react';
import '@mantine/core/styles/Badge.css';
import { Anchor, AppShell, Badge, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { adminRoleAllows } from '@permuta/contracts/admin-roles';
import { useTranslation } from '../i18n/react.tsx';
import { Outlet, useLocation, useMatches } from 'react-router';
import { ColorModeToggle } from '../components/color-mode-toggle.tsx';
import { LanguageSwitcher } from '../components/language-switcher.tsx';
import { LoadingStatus } from '../components/load-states.tsx';
import { LocalLink, LocalNavLink } from '../components/local-link.tsx';
import { Logo } from '../components/logo.tsx';
import { NotAllowed } from '../components/not-allowed.tsx';
import { useAdminProfile } from '../features/admin-accounts/api/get-admin-profile.ts';
import { useOpenPaymentsCount } from '../features/admin-payments/api/payments-inbox.ts';
import { useComplianceSummary } from '../features/admin-compliance/api/compliance.ts';
import {
  AdminRoleContext,
  allowedPages,
  appRouteIdOf,
  pageAdminRole,
} from '../lib/admin-access.tsx';
import { sidebarRoutes } from '../lib/nav.ts';
import { logout } from '../lib/session.ts';
import { useLocale } from '../lib/use-locale.ts';
import classes from './layouts.module.css';

const ROUTES = sidebarRoutes('admin');
const SECURITY_PATH = '/admin/account/security';

/**
 * Back office: header and a sidebar listing the admin screens the signed-in admin's role may
 * open (decision 024); a page beyond the role shows "not allowed" instead of failing.
 */
export default function AdminLayout() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  const matches = useMatches();
  const profile = useAdminProfile(locale);
  const role = profile.data?.adminRole ?? null;
  const needed = pageAdminRole(appRouteIdOf(matches.at(-1)?.id ?? '')) ?? 'operator';
  // until the role is known only the pages every admin may open are listed
  const routes = allowedPages(ROUTES, role ?? 'operator');
  // the incoming payments waiting for an admin, on the inbox's link (once signed in as one)
  const openPayments = useOpenPaymentsCount(
    locale,
    profile.isSuccess && routes.some((r) => r.id === 'adminPayments'),
  );
  // the compliance cases not closed, on the queue's link (finance and owners, decision 066)
  const compliance = useComplianceSummary(
    locale,
    profile.isSuccess && routes.some((r) => r.id === 'adminCompliance'),
  );
  const openCases = compliance.data?.openCases ?? 0;
  const page =
    needed === 'operator' ? (
      <Outlet />
    ) : role === null ? (
      profile.isError ? (
        <Outlet />
      ) : (
        <LoadingStatus />
      )
    ) : adminRoleAllows(role, needed) ? (
      <Outlet />
    ) : (
      <NotAllowed role={role} needed={needed} />
    );
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
            <Button
              component={LocalLink}
              to={SECURITY_PATH}
              variant="subtle"
              visibleFrom="sm"
              title={
                profile.data
                  ? t('admin.access.signedInAs', {
                      username: profile.data.username,
                      role: t(`admin.roles.${profile.data.adminRole}`),
                    })
                  : undefined
              }
            >
              {t('admin.access.myAccount')}
            </Button>
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
          {routes.map((route) => (
            <NavLink
              key={route.id}
              component={LocalNavLink}
              to={route.path}
              end={route.path === '/admin'}
              label={t(`pages.${route.id}.title`)}
              className={classes.navLink}
              rightSection={
                route.id === 'adminPayments' && openPayments.data ? (
                  <Badge
                    size="sm"
                    color="orange"
                    variant="filled"
                    circle={openPayments.data < 10}
                    aria-label={t('adminPayments.navBadge', { count: openPayments.data })}
                    data-testid="nav-payments-badge"
                  >
                    {openPayments.data > 99 ? '99+' : openPayments.data}
                  </Badge>
                ) : route.id === 'adminCompliance' && openCases ? (
                  <Badge
                    size="sm"
                    color="orange"
                    variant="filled"
                    circle={openCases < 10}
                    aria-label={t('adminCompliance.navBadge', { count: openCases })}
                    data-testid="nav-compliance-badge"
                  >
                    {openCases > 99 ? '99+' : openCases}
                  </Badge>
                ) : undefined
              }
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
        <AdminRoleContext.Provider value={role}>{page}</AdminRoleContext.Provider>
      </AppShell.Main>
    </AppShell>
  );
}

import { useState } from 'react';
import { Anchor, Box, Container, Group, Stack } from '@mantine/core';
import { IconMenu2, IconX } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react.tsx';
import { useLocation } from 'react-router';
import { AccountActions } from './account-actions.tsx';
import { ColorModeToggle } from './color-mode-toggle.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { LocalLink } from './local-link.tsx';
import { ShellButton } from './shell-button.tsx';
import { Logo } from './logo.tsx';
import classes from './site-shell.module.css';

const NAV = [
  { to: '/#calculator', key: 'nav.exchange' },
  { to: '/business', key: 'nav.business' },
  { to: '/testimonials', key: 'nav.testimonials' },
  { to: '/contact', key: 'nav.contact' },
] as const;

export function SiteHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // the menu belongs to the page it was opened on: navigating closes it
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const opened = openedOn === pathname;

  const links = NAV.map((item) => (
    <Anchor key={item.to} component={LocalLink} to={item.to} className={classes.navLink}>
      {t(item.key)}
    </Anchor>
  ));

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Anchor component={LocalLink} to="/" underline="never">
          <Logo />
        </Anchor>
        <Group component="nav" aria-label={t('common.mainNav')} gap="lg" visibleFrom="md">
          {links}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitcher />
          <ColorModeToggle />
          <Group gap="xs" visibleFrom="md" wrap="nowrap">
            <AccountActions />
          </Group>
          <ShellButton
            variant="default"
            icon
            className={classes.menuButton}
            onClick={() => setOpenedOn(opened ? null : pathname)}
            aria-label={opened ? t('common.closeMenu') : t('common.openMenu')}
            aria-expanded={opened}
            aria-controls="mobile-menu"
          >
            {opened ? (
              <IconX size={18} aria-hidden="true" />
            ) : (
              <IconMenu2 size={18} aria-hidden="true" />
            )}
          </ShellButton>
        </Group>
      </Container>
      {opened && (
        <Container size="lg" hiddenFrom="md" id="mobile-menu" pb="md">
          <Stack component="nav" aria-label={t('common.mainNav')} gap="sm">
            {links}
            <AccountActions fullWidth />
          </Stack>
        </Container>
      )}
    </Box>
  );
}

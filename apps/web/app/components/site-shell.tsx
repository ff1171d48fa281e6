import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import classes from './site-shell.module.css';

/** Header, main content and footer of the public site (default and profile layouts). */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        {children}
      </Box>
      <SiteFooter />
    </div>
  );
}

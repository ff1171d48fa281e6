import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react.tsx';
import { useLocation } from 'react-router';
import { localeCookie, localeFromPath, switchLocalePath } from '../lib/locale.ts';
import { ShellLinkButton } from './shell-button.tsx';
import classes from './site-shell.module.css';

/**
 * Link to the same page (same query and hash) in the other language. Following it is the
 * visitor's choice of language: it is kept in the 365-day cookie (read at `/` on a later visit).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const location = useLocation();
  const target = localeFromPath(location.pathname) === 'pt-BR' ? 'en-US' : 'pt-BR';
  return (
    <ShellLinkButton
      raw
      to={switchLocalePath(location, target)}
      variant="default"
      hrefLang={target}
      lang={target}
      onClick={() => {
        document.cookie = localeCookie(target);
      }}
      title={t('common.switchLanguageLabel')}
      leftSection={<IconLanguage size={16} aria-hidden="true" className={classes.wide} />}
    >
      <span className={classes.wide}>{t('common.switchLanguage')}</span>
      <span className={classes.narrow}>{t('common.switchLanguageShort')}</span>
    </ShellLinkButton>
  );
}

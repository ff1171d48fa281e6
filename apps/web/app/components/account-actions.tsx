import { useTranslation } from '../i18n/react.tsx';
import { logout } from '../lib/session.ts';
import { useSession } from '../lib/use-session.ts';
import { ShellButton, ShellLinkButton } from './shell-button.tsx';

/** Sign in / create account for guests; the account (or back office) and sign out otherwise. */
export function AccountActions({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) {
    return (
      <>
        <ShellLinkButton to="/login" variant="default" fullWidth={fullWidth}>
          {t('common.signIn')}
        </ShellLinkButton>
        <ShellLinkButton to="/registration" fullWidth={fullWidth}>
          {t('common.signUp')}
        </ShellLinkButton>
      </>
    );
  }
  const home = session.role === 'admin' ? '/admin' : '/profile/account';
  return (
    <>
      <ShellLinkButton
        to={home}
        variant="default"
        fullWidth={fullWidth}
        title={t('common.signedInAs', { email: session.email })}
      >
        {session.role === 'admin' ? t('common.backOffice') : t('common.myAccount')}
      </ShellLinkButton>
      <ShellButton variant="subtle" onClick={() => logout()} fullWidth={fullWidth}>
        {t('common.signOut')}
      </ShellButton>
    </>
  );
}

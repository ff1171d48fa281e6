import { forwardRef } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { localizePath } from '../lib/locale.ts';
import { useLocale } from '../lib/use-locale.ts';

/**
 * A link to an app page given by its Portuguese (unprefixed) path; it points to the page in the
 * current language (`/contact` becomes `/en-US/contact` on English pages).
 */
export const LocalLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(
  function LocalLink({ to, ...props }, ref) {
    const locale = useLocale();
    return <Link ref={ref} to={localizePath(to, locale)} {...props} />;
  },
);

export const LocalNavLink = forwardRef<HTMLAnchorElement, NavLinkProps & { to: string }>(
  function LocalNavLink({ to, ...props }, ref) {
    const locale = useLocale();
    return <NavLink ref={ref} to={localizePath(to, locale)} {...props} />;
  },
);

import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { localizePath } from '../lib/locale.ts';
import { useLocale } from '../lib/use-locale.ts';
import classes from './shell-button.module.css';

/**
 * The buttons of the page shell (header, hero, error page), styled like Mantine's Button from
 * the same theme variables. Mantine's Button and ActionIcon bring their loading overlay
 * (Transition, Loader) along; keeping them out of the shell keeps the first load small.
 */
export type ShellButtonVariant = 'filled' | 'default' | 'subtle';

interface Look {
  variant?: ShellButtonVariant;
  size?: 'sm' | 'md';
  fullWidth?: boolean;
  /** square button holding only an icon (give it an aria-label) */
  icon?: boolean;
  leftSection?: ReactNode;
}

function lookClass({ variant = 'filled', size = 'sm', fullWidth, icon }: Look, extra?: string) {
  return [
    classes.button,
    classes[variant],
    classes[size],
    fullWidth ? classes.full : '',
    icon ? classes.icon : '',
    extra ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function ShellButton({
  variant,
  size,
  fullWidth,
  icon,
  leftSection,
  className,
  children,
  type = 'button',
  ...props
}: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={lookClass({ variant, size, fullWidth, icon }, className)}
      {...props}
    >
      {leftSection}
      {children}
    </button>
  );
}

/** A link that looks like a button; `to` is an unprefixed app path unless `raw` is set. */
export function ShellLinkButton({
  variant,
  size,
  fullWidth,
  icon,
  leftSection,
  className,
  children,
  to,
  raw = false,
  ...props
}: Look & LinkProps & { to: string; raw?: boolean }) {
  const locale = useLocale();
  return (
    <Link
      to={raw ? to : localizePath(to, locale)}
      className={lookClass({ variant, size, fullWidth, icon }, className)}
      {...props}
    >
      {leftSection}
      {children}
    </Link>
  );
}

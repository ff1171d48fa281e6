import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { localizePath } from '../../lib/locale.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { ENROL_PATH, isTwoFactorRequired } from './two-factor.ts';

/**
 * On a back-office screen: when an API call answered 403 TWO_FACTOR_REQUIRED (two-factor is
 * mandatory and this admin has not set it up), go to the enrolment screen.
 */
export function useTwoFactorRedirect(...errors: unknown[]): void {
  const navigate = useNavigate();
  const locale = useLocale();
  const required = errors.some(isTwoFactorRequired);
  useEffect(() => {
    if (required) void navigate(localizePath(ENROL_PATH, locale), { replace: true });
  }, [required, locale, navigate]);
}

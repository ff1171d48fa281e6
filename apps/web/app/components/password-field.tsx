import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';

/**
 * A password input whose show/hide button has an accessible name, and whose input says when it
 * is invalid (Mantine's PasswordInput only links the error text).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('accounts.showPassword') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}

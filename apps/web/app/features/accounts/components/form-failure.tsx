import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The message of a failed form submission, announced to screen readers. */
export function FormFailure({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert
      variant="light"
      color="red"
      title={title}
      icon={<IconAlertTriangle aria-hidden="true" />}
      role="alert"
      data-testid="form-failure"
    >
      {message}
    </Alert>
  );
}

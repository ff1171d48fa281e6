// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import {
  RecoveryCodes,
  TotpSecret,
  TwoFactorForm,
  TwoFactorStatePanel,
} from './two-factor-parts.tsx';
import type { TwoFactorQuery } from './two-factor-parts.tsx';

beforeAll(() => {
  // rendering Mantine forms in jsdom is slow on a busy machine
  configure({ asyncUtilTimeout: 5000 });
  addCatalogue('en-US', enUS);
});

const renderIt = (element: React.ReactNode) =>
  render(
    <I18nextProvider i18n={i18nFor('en-US')}>
      <MantineProvider>{element}</MantineProvider>
    </I18nextProvider>,
  );

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));

const required = (values: Record<'password' | 'code', string>) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value.trim() === '')
      .map(([key]) => [key, `${key} missing`]),
  );

describe('two-factor form', () => {
  it('refuses empty fields, then hands over the values and empties them on reset', async () => {
    const onSubmit = vi.fn((_values: Record<'password' | 'code', string>, reset: () => void) =>
      reset(),
    );
    renderIt(
      <TwoFactorForm
        fields={[
          { name: 'password', kind: 'password', label: 'Password' },
          { name: 'code', kind: 'code', label: 'Code', numeric: true },
        ]}
        validate={required}
        ariaLabel="Turn off"
        submitLabel="Turn off"
        request={{ isPending: false, error: null }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('form', { name: 'Turn off' })).toBeTruthy();
    expect(field('Code').getAttribute('inputmode')).toBe('numeric');
    expect(field('Code').getAttribute('autocomplete')).toBe('one-time-code');

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await screen.findByText('password missing');
    expect(screen.getByText('code missing')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(field('Password'), { target: { value: 'secret pass' } });
    fireEvent.change(field('Code'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ password: 'secret pass', code: ' 123456 ' });
    await waitFor(() => expect((field('Code') as HTMLInputElement).value).toBe(''));
    expect((field('Password') as HTMLInputElement).value).toBe('');
  });

  it("shows the request's error and keeps other buttons next to the submit one", () => {
    renderIt(
      <TwoFactorForm
        fields={[{ name: 'code', kind: 'code', label: 'Code or recovery code' }]}
        validate={() => ({})}
        intro="Type a code"
        submitLabel="Activate"
        request={{ isPending: false, error: new Error('Invalid code') }}
        onSubmit={() => {}}
      >
        <button type="button">Cancel</button>
      </TwoFactorForm>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Invalid code');
    expect(screen.getByText('Type a code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(field('Code or recovery code').getAttribute('inputmode')).toBeNull();
  });
});

describe('secret and recovery codes', () => {
  it('shows the secret in groups of four and the codes one a line', () => {
    renderIt(
      <>
        <TotpSecret secret="JBSWY3DPEHPK3PXP" label="Secret" />
        <RecoveryCodes codes={['aaaa-bbbb', 'cccc-dddd']} copyLabel="Copy" copiedLabel="Copied" />
      </>,
    );
    const secret = screen.getByTestId('totp-secret');
    expect(secret.textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(secret.getAttribute('data-secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('recovery-codes').textContent).toBe('aaaa-bbbb\ncccc-dddd');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});

describe('two-factor state panel', () => {
  const query = (over: Partial<TwoFactorQuery<{ on: boolean }>>) => ({
    isPending: false,
    isError: false,
    error: null,
    data: undefined,
    refetch: vi.fn(),
    ...over,
  });
  const panel = (q: TwoFactorQuery<{ on: boolean }>, instead?: React.ReactNode) => (
    <TwoFactorStatePanel
      query={q}
      enabled={(data) => data.on}
      on={() => <p>panel on</p>}
      off={<p>panel off</p>}
      instead={instead}
    />
  );
  /** renders the first element, then each next one in its place */
  const showing = (first: React.ReactNode) => {
    const { rerender } = renderIt(first);
    return (next: React.ReactNode) =>
      rerender(
        <I18nextProvider i18n={i18nFor('en-US')}>
          <MantineProvider>{next}</MantineProvider>
        </I18nextProvider>,
      );
  };

  it('shows a loader, then the error with a retry', () => {
    const show = showing(panel(query({ isPending: true })));
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('panel off')).toBeNull();
    const failed = query({ isError: true, error: new Error('Could not load') });
    show(panel(failed));
    expect(screen.getByRole('alert').textContent).toContain('Could not load');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the panel of the state, or what replaces it', () => {
    const show = showing(panel(query({ data: { on: false } })));
    expect(screen.getByText('panel off')).toBeTruthy();
    show(panel(query({ data: { on: true } })));
    expect(screen.getByText('panel on')).toBeTruthy();
    show(panel(query({ data: { on: true } }), <p>new codes</p>));
    expect(screen.getByText('new codes')).toBeTruthy();
    expect(screen.queryByText('panel on')).toBeNull();
  });
});

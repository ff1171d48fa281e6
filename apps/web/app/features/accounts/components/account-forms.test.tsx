// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { QueryProvider, getQueryClient } from '../../../lib/query-client.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { SESSION_KEY, readSession } from '../../../lib/session.ts';
import { LoginForm } from './login-form.tsx';
import { RegistrationForm } from './registration-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), info: vi.fn() } }));

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(() => {
  // rendering Mantine forms in jsdom is slow on a busy machine
  configure({ asyncUtilTimeout: 5000 });
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  localStorage.clear();
  getQueryClient().clear();
});

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: (url: string, body: unknown) => Promise<Response>) {
  fetchMock = vi.fn((url: string, init?: RequestInit) =>
    answer(url, init?.body ? JSON.parse(String(init.body)) : undefined),
  );
  vi.stubGlobal('fetch', fetchMock);
}

function renderAt(locale: Locale, path: string, element: React.ReactNode) {
  const url = locale === 'en-US' ? `/en-US${path}` : path;
  return render(
    <MemoryRouter initialEntries={[url]}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <QueryProvider>
            <Routes>
              <Route path={url} element={element} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

/** The input labelled `label` (Mantine adds a "*" to required labels). */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

describe('sign-in form', () => {
  it('starts the browser session with the role and e-mail the API answered', async () => {
    stubFetch(() =>
      json(200, {
        session: {
          role: 'customer',
          email: 'maria@example.com',
          createdAt: '2026-03-02T12:00:00.000Z',
          expiresAt: '2026-03-03T00:00:00.000Z',
        },
        user: {},
      }),
    );
    renderAt('en-US', '/login', <LoginForm />);
    type('E-mail address', 'Maria@Example.com');
    type('Password', 'whatever');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(readSession()).toMatchObject({ role: 'customer' }));
    expect(readSession()?.email).toBe('maria@example.com');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/sign-in');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'Maria@Example.com',
      password: 'whatever',
    });
  });

  it('shows the one message the API gives for a wrong pair, and no session', async () => {
    stubFetch(() =>
      json(401, {
        error: { code: 'INVALID_CREDENTIALS', message: 'E-mail ou senha incorretos.' },
      }),
    );
    renderAt('pt-BR', '/login', <LoginForm />);
    type('E-mail', 'maria@example.com');
    type('Senha', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('E-mail ou senha incorretos.'),
    );
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('checks the fields before calling the API', async () => {
    stubFetch(() => json(500, {}));
    renderAt('en-US', '/login', <LoginForm />);
    type('E-mail address', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('sign-in form after registering', () => {
  it.each([
    ['en-US', '/en-US/login', 'Check your e-mail', 'We sent a message to maria@example.com.'],
    ['pt-BR', '/login', 'Verifique seu e-mail', 'Enviamos uma mensagem para maria@example.com.'],
  ] as const)('tells to check the e-mail (%s)', async (locale, url, title, text) => {
    render(
      <MemoryRouter
        initialEntries={[
          { pathname: url, state: { email: 'maria@example.com', registered: true } },
        ]}
      >
        <I18nextProvider i18n={i18nFor(locale)}>
          <MantineProvider>
            <QueryProvider>
              <Routes>
                <Route path={url} element={<LoginForm />} />
              </Routes>
            </QueryProvider>
          </MantineProvider>
        </I18nextProvider>
      </MemoryRouter>,
    );
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(title);
    expect(status.textContent).toContain(text);
  });
});

describe('registration form', () => {
  function fillValid(locale: Locale) {
    const en = locale === 'en-US';
    type(en ? 'Full name' : 'Nome completo', 'Maria Silva');
    type(en ? 'Date of birth' : 'Data de nascimento', '1990-05-17');
    type(en ? 'CPF (national ID)' : 'CPF', '529.982.247-25');
    type(en ? 'Mobile phone' : 'Celular', '(11) 98888-7777');
    type(en ? 'E-mail address' : 'E-mail', 'maria@example.com');
    type(en ? 'Username' : 'Nome de usuário', 'maria.s');
    type(en ? 'Password' : 'Senha', 'Str0ng!pass');
    type(en ? 'Confirm password' : 'Confirme a senha', 'Str0ng!pass');
    fireEvent.click(screen.getByRole('checkbox'));
  }

  it('shows a username already taken on the username field', async () => {
    stubFetch(() =>
      json(409, {
        error: {
          code: 'DUPLICATE',
          message: 'Verifique os erros do formulário.',
          fields: { username: 'Este nome de usuário já está em uso.' },
        },
      }),
    );
    renderAt('pt-BR', '/registration', <RegistrationForm />);
    fillValid('pt-BR');
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    const message = await screen.findByText('Este nome de usuário já está em uso.');
    const input = field('Nome de usuário');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/register');
    expect(JSON.parse(String(init.body))).toMatchObject({
      email: 'maria@example.com',
      acceptTerms: true,
      locale: 'pt-BR',
    });
  });

  it('shows why a password is refused on the password field', async () => {
    const message =
      'This password is on a list of passwords leaked in data breaches, so attackers try it first. Choose another one.';
    stubFetch(() =>
      json(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Please check the form for errors.',
          fields: { password: message },
        },
      }),
    );
    renderAt('en-US', '/registration', <RegistrationForm />);
    fillValid('en-US');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const shown = await screen.findByText(message);
    const input = field('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(shown.id);
  });

  it('says to check the e-mail once registered, and goes to sign in', async () => {
    stubFetch(() =>
      json(201, { message: 'Thank you. Check your e-mail: we sent you a message to continue.' }),
    );
    renderAt('en-US', '/registration', <RegistrationForm />);
    fillValid('en-US');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    const { toast } = await import('../../../lib/toast.ts');
    expect(toast.success).toHaveBeenCalledWith(
      'Thank you. Check your e-mail: we sent you a message to continue.',
    );
  });

  it('refuses a minor without calling the API', async () => {
    stubFetch(() => json(500, {}));
    renderAt('en-US', '/registration', <RegistrationForm />);
    fillValid('en-US');
    type('Date of birth', `${new Date().getUTCFullYear() - 10}-01-01`);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/legal guardian/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

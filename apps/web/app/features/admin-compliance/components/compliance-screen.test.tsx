// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  ComplianceCase,
  ComplianceCasePage,
  ComplianceSummary,
} from '@permuta/contracts/compliance';
import { AdminRoleContext } from '../../../lib/admin-access.tsx';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { apiError, json, renderAt, stubFetch } from '../../../../test/render-screen.tsx';
import { ComplianceScreen } from './compliance-screen.tsx';
import { ComplianceReminder } from './compliance-reminder.tsx';

const CASE_ID = '0b6f2c1e-9a7d-4c3b-8e2f-1a2b3c4d5e6f';
const ORDER_ID = '5a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';

function caseDetail(over: Partial<ComplianceCase> = {}): ComplianceCase {
  return {
    id: CASE_ID,
    status: 'open',
    customer: {
      id: 'u1',
      name: 'Ana Lima',
      email: 'ana@example.com',
      cpf: '12345678909',
      anonymized: false,
    },
    alerts: [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000001',
        rule: 'structuring',
        orders: [{ id: ORDER_ID, reference: 'EX-7K2Q9' }],
        facts: { limit: 'order_limit', totalBrl: '28500.00' },
        createdAt: '2026-11-22T13:05:00.000Z',
      },
    ],
    notes: [],
    decision: null,
    createdAt: '2026-11-22T13:05:00.000Z',
    ...over,
  };
}

let page: ComplianceCasePage;
let detail: ComplianceCase;
let summary: ComplianceSummary;
let listFails = false;

const fetchMock = stubFetch((input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  if (url.pathname === '/api/v1/admin/compliance/summary') return json(200, summary);
  if (url.pathname === '/api/v1/admin/compliance/cases') {
    return listFails ? apiError(422, 'VALIDATION_ERROR', 'Falhou.') : json(200, page);
  }
  if (url.pathname.endsWith('/notes') && init?.method === 'POST') {
    const { text } = JSON.parse(String(init.body)) as { text: string };
    detail = {
      ...detail,
      status: 'under_analysis',
      notes: [{ id: 'n1', author: 'joana', text, createdAt: '2026-11-22T14:00:00.000Z' }],
    };
    return json(200, detail);
  }
  if (url.pathname.endsWith('/decision') && init?.method === 'POST') {
    const body = JSON.parse(String(init.body)) as { decision: 'dismissed'; text: string };
    detail = {
      ...detail,
      status: 'closed',
      decision: {
        kind: body.decision,
        text: body.text,
        protocol: null,
        reportedOn: null,
        by: 'joana',
        at: '2026-11-22T15:00:00.000Z',
      },
    };
    return json(200, detail);
  }
  if (url.pathname === `/api/v1/admin/compliance/cases/${CASE_ID}`) return json(200, detail);
  return apiError(404, 'NOT_FOUND', 'Not found.');
});

function reset() {
  listFails = false;
  detail = caseDetail();
  summary = { openCases: 1, declarationDue: null, declarations: [] };
  page = {
    items: [
      {
        id: CASE_ID,
        status: 'open',
        decision: null,
        customer: detail.customer,
        rules: ['structuring'],
        alerts: 1,
        createdAt: '2026-11-22T13:05:00.000Z',
        lastAlertAt: '2026-11-22T13:05:00.000Z',
      },
    ],
    nextCursor: null,
  };
}

describe('the compliance page', () => {
  it('lists the cases with their rules and status, and filters by rule (Portuguese)', async () => {
    reset();
    renderAt('/admin/compliance', <ComplianceScreen />);
    const row = await screen.findByTestId(`compliance-case-${CASE_ID}`);
    expect(within(row).getByText('Ana Lima')).toBeTruthy();
    expect(within(row).getByText('Aberto')).toBeTruthy();
    expect(row.textContent).toContain('Fracionamento');
    expect(await screen.findByTestId('coaf-declaration-none')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Regra' }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Muitas carteiras novas', hidden: true }),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('rule=new_wallets'))).toBe(true),
    );
  });

  it('says when nothing matches, and when the list fails', async () => {
    reset();
    page = { items: [], nextCursor: null };
    const view = renderAt('/en-US/admin/compliance', <ComplianceScreen />);
    expect((await screen.findByTestId('compliance-empty')).textContent).toBe(
      'No case matches these filters.',
    );
    view.unmount();
    getQueryClient().clear();
    listFails = true;
    renderAt('/en-US/admin/compliance', <ComplianceScreen />);
    expect(await screen.findByText('Falhou.')).toBeTruthy();
  });

  it('shows a case, adds a note and records the decision after a confirmation', async () => {
    reset();
    renderAt(`/en-US/admin/compliance?case=${CASE_ID}`, <ComplianceScreen />, { env: 'test' });
    const panel = await screen.findByTestId('compliance-case');
    await within(panel).findByText('Case of Ana Lima');
    const order = within(panel).getByRole('link', { name: 'EX-7K2Q9' });
    expect(order.getAttribute('href')).toBe('/en-US/admin/orders/EX-7K2Q9');
    expect(within(panel).getByText('R$28,500.00')).toBeTruthy();
    expect(within(panel).getByText('Orders together')).toBeTruthy();
    expect(within(panel).getByText('the limit per order')).toBeTruthy();

    fireEvent.change(within(panel).getByLabelText('New note'), {
      target: { value: 'Asked for the source of funds.' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText('Under analysis')).toBeTruthy();
    expect(within(panel).getByText('joana, 11/22/26, 2:00 PM')).toBeTruthy();

    fireEvent.change(within(panel).getByLabelText('Why there is no suspicion'), {
      target: { value: 'Salary paid in parts.' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Record the decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the decision?' });
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/decision'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(panel).findByTestId('compliance-decision')).toBeTruthy();
    expect(within(panel).getByText('Dismissed: no suspicion')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it('reminds the declaration owed, and lets an owner record it', async () => {
    reset();
    summary = {
      openCases: 0,
      declarationDue: { year: 2025, deadline: '2026-01-15', overdue: true },
      declarations: [],
    };
    renderAt(
      '/en-US/admin/compliance',
      <AdminRoleContext.Provider value="owner">
        <ComplianceScreen />
      </AdminRoleContext.Provider>,
    );
    const due = await screen.findByTestId('coaf-declaration-due');
    expect(due.textContent).toContain('Declaration of 2025 to make');
    expect(screen.getByRole('button', { name: 'Record the declaration of 2025' })).toBeTruthy();
  });

  it('shows the dashboard reminder to finance only when one is owed', async () => {
    reset();
    summary = {
      openCases: 0,
      declarationDue: { year: 2025, deadline: '2026-01-15', overdue: false },
      declarations: [],
    };
    renderAt(
      '/admin',
      <AdminRoleContext.Provider value="finance">
        <ComplianceReminder />
      </AdminRoleContext.Provider>,
    );
    expect((await screen.findByTestId('coaf-declaration-due')).textContent).toContain(
      'Comunicação de 2025 a fazer',
    );
    expect(screen.getByRole('link', { name: 'Abrir a página de compliance' })).toBeTruthy();
  });
});

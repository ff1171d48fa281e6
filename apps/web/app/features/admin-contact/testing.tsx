/** Fixtures and a render helper for the admin-contact component tests (not shipped). */
import type { AdminContactMessage } from '@permuta/contracts/contact';

export { apiError, json, renderAt } from '../../../test/render-screen.tsx';

export function contactMessage(over: Partial<AdminContactMessage> = {}): AdminContactMessage {
  return {
    id: '6c3f0a52-8f7e-4d55-9a43-2b1c0d9e8f71',
    name: 'Ana Lima',
    email: 'ana@example.com',
    message: 'Olá! Meu pedido EX-7K2Q9 ainda não chegou.',
    locale: 'pt-BR',
    createdAt: '2026-11-22T13:05:00.000Z',
    answeredAt: null,
    answeredBy: null,
    ...over,
  };
}

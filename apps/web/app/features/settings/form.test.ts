import { describe, expect, it } from 'vitest';
import type { SettingsView } from '@permuta/contracts/settings';
import { formValuesOf, parseSettingsForm, settingsChange } from './form.ts';

const STORED: SettingsView = {
  defaultSendToken: 'PIX',
  defaultReceiveToken: 'USDT',
  instagramUrl: 'https://www.instagram.com/permuta.example',
  telegramUrl: null,
  youtubeUrl: null,
  youtubeTutorialUrl: null,
  supportEmail: 'suporte@permuta.example',
  supportPhone: '+5511999990000',
  pixKeyType: 'email',
  pixKey: 'pix@permuta.example',
  pixMerchantName: 'PERMUTA',
  pixMerchantCity: 'SAO PAULO',
  derivAccount: 'CR1234567',
  bankAccount: null,
  boletoFee: '3.5',
  boletoIssueBusinessDays: 1,
  boletoDueBusinessDays: 3,
  pixMinReceive: '50',
  pixMaxReceive: '50000',
  derivMinReceive: '10',
  derivMaxReceive: '5000',
  whatsappThresholdBrl: '200',
  quoteLockMinutes: 15,
  pendingExpiryMinutes: 30,
  priceStaleMinutes: 10,
  autoCompleteHours: 72,
  manualPriceConfirmPercent: 10,
  feedPriceHoldPercent: 20,
  operatingHours: {
    timeZone: 'America/Sao_Paulo',
    days: [1, 2, 3, 4, 5],
    open: '10:00',
    close: '18:00',
  },
  documentsRequired: true,
  twoFactorRequired: false,
  twoFactorOrderAboveBrl: '0',
  autoCryptoPayouts: false,
  autoCryptoDeposits: false,
  customerMaxOpenOrders: 2,
  customerMaxOrderBrl: '20000',
  customerMaxDailyBrl: '50000',
  tier1DailyBrl: '1000',
  tier1MonthlyBrl: '5000',
  tier2DailyBrl: '50000',
  tier2MonthlyBrl: '200000',
  tier3DailyBrl: '200000',
  tier3MonthlyBrl: '1000000',
  autoPayoutMaxOrderBrl: '5000',
  autoPayoutMaxCustomerDayBrl: '20000',
  payoutSecondApprovalAboveBrl: '50000',
  payoutFirstOrdersHeld: 3,
  payoutNewWalletHoldHours: 24,
  complianceStructuringOrders: 3,
  complianceStructuringMarginPercent: 10,
  complianceWindowDays: 7,
  complianceVolumeMultiple: 5,
  complianceVolumeMinBrl: '50000',
  complianceFirstMonthBrl: '100000',
  complianceNewWallets: 3,
  updatedAt: '2026-01-10T15:00:00.000Z',
  updatedBy: 'ana',
  exchangeConfigured: false,
};

describe('the general settings form', () => {
  it('shows amounts in the page style and sends nothing when nothing changed', () => {
    const values = formValuesOf(STORED, 'pt-BR');
    expect(values.boletoFee).toBe('3,5');
    expect(values.operatingHours.days).toEqual(['1', '2', '3', '4', '5']);
    expect(values.bankAccount).toEqual({
      bank: '',
      branch: '',
      account: '',
      holder: '',
      document: '',
    });
    const parsed = parseSettingsForm(values, 'pt-BR');
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(settingsChange(STORED, parsed.values)).toEqual({});
  });

  it('sends only the fields whose value changed, normalized', () => {
    const values = formValuesOf(STORED, 'pt-BR');
    values.pixMaxReceive = '1.234,50';
    values.supportPhone = '(11) 99999-0000'; // the same phone, typed differently
    values.supportEmail = 'Novo@Permuta.Example';
    values.operatingHours.days = ['6', '1', '2', '3', '4', '5'];
    const parsed = parseSettingsForm(values, 'pt-BR');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(settingsChange(STORED, parsed.values)).toEqual({
      pixMaxReceive: '1234.5',
      supportEmail: 'novo@permuta.example',
      operatingHours: {
        timeZone: 'America/Sao_Paulo',
        days: [1, 2, 3, 4, 5, 6],
        open: '10:00',
        close: '18:00',
      },
    });
  });

  it('puts each broken rule on its field, in the page language', () => {
    const values = formValuesOf(STORED, 'en-US');
    values.pixMaxReceive = '10';
    values.derivAccount = 'XR12';
    values.quoteLockMinutes = '';
    values.operatingHours.days = [];
    values.bankAccount.bank = 'Itaú';
    const parsed = parseSettingsForm(values, 'en-US');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toMatchObject({
      pixMaxReceive: 'The maximum must not be below the minimum.',
      derivAccount: 'Deriv account number must start with CR.',
      quoteLockMinutes: 'Enter a whole number of minutes from 1 to 10080 (7 days).',
      'operatingHours.days': 'Choose at least one weekday.',
      'bankAccount.branch':
        'Enter the branch: 1 to 5 digits, with an optional check digit (0001 or 1234-5).',
    });
    const pt = parseSettingsForm(values, 'pt-BR');
    expect(pt.ok ? {} : pt.errors).toMatchObject({
      derivAccount: 'O número da conta Deriv deve começar com CR.',
    });
  });

  it('clears an optional text left empty, and the whole bank account when every field is empty', () => {
    const values = formValuesOf(
      {
        ...STORED,
        bankAccount: {
          bank: '341 - Itaú',
          branch: '0001',
          account: '1-2',
          holder: 'Permuta Ltda',
          document: '11222333000181',
        },
      },
      'en-US',
    );
    values.instagramUrl = '';
    values.bankAccount = { bank: '', branch: '', account: '', holder: '', document: '' };
    const parsed = parseSettingsForm(values, 'en-US');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(
      settingsChange(
        {
          ...STORED,
          bankAccount: {
            bank: '341 - Itaú',
            branch: '0001',
            account: '1-2',
            holder: 'Permuta Ltda',
            document: '11222333000181',
          },
        },
        parsed.values,
      ),
    ).toEqual({
      instagramUrl: null,
      bankAccount: null,
    });
  });

  it('checks the per-customer limits: whole orders, positive amounts, a day not below an order', () => {
    const values = formValuesOf(STORED, 'pt-BR');
    expect(values.customerMaxOrderBrl).toBe('20000');
    values.customerMaxOpenOrders = 0;
    values.customerMaxOrderBrl = '0';
    values.customerMaxDailyBrl = '12.345';
    const parsed = parseSettingsForm(values, 'en-US');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toMatchObject({
      customerMaxOpenOrders: 'Enter a whole number of orders from 1 to 100.',
      customerMaxOrderBrl: 'The amount must be greater than zero.',
      customerMaxDailyBrl: 'Enter an amount with at most 2 decimal places, for example 100.50.',
    });

    const lower = formValuesOf(STORED, 'pt-BR');
    lower.customerMaxOrderBrl = '30.000,50';
    lower.customerMaxDailyBrl = '25000';
    const ordered = parseSettingsForm(lower, 'pt-BR');
    expect(ordered.ok).toBe(false);
    if (ordered.ok) return;
    expect(ordered.errors).toEqual({
      customerMaxDailyBrl: 'O limite por dia não pode ser menor que o limite por pedido.',
    });

    const fine = formValuesOf(STORED, 'pt-BR');
    fine.customerMaxOpenOrders = '3';
    fine.customerMaxOrderBrl = '10.000,50';
    const saved = parseSettingsForm(fine, 'pt-BR');
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(settingsChange(STORED, saved.values)).toEqual({
      customerMaxOpenOrders: 3,
      customerMaxOrderBrl: '10000.5',
    });
  });

  it('checks the risk limits of automatic payouts: amounts in order, whole counts from 0', () => {
    const values = formValuesOf(STORED, 'pt-BR');
    expect(values.autoPayoutMaxOrderBrl).toBe('5000');
    values.autoPayoutMaxOrderBrl = '60.000';
    values.payoutFirstOrdersHeld = '101';
    values.payoutNewWalletHoldHours = '';
    const parsed = parseSettingsForm(values, 'pt-BR');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      autoPayoutMaxCustomerDayBrl: 'O limite por dia não pode ser menor que o limite por pedido.',
      payoutSecondApprovalAboveBrl:
        'O limite da segunda aprovação não pode ser menor que o limite por pedido.',
      payoutFirstOrdersHeld: 'Informe um número inteiro de pedidos de 0 a 100.',
      payoutNewWalletHoldHours: 'Informe um número inteiro de horas de 0 a 720 (30 dias).',
    });

    const fine = formValuesOf(STORED, 'en-US');
    fine.autoPayoutMaxOrderBrl = '2,500.50';
    fine.payoutFirstOrdersHeld = '0';
    fine.payoutNewWalletHoldHours = 0;
    const saved = parseSettingsForm(fine, 'en-US');
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(settingsChange(STORED, saved.values)).toEqual({
      autoPayoutMaxOrderBrl: '2500.5',
      payoutFirstOrdersHeld: 0,
      payoutNewWalletHoldHours: 0,
    });
  });
});

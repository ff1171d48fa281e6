import QRCode from 'qrcode';
import { createStaticPix, hasError } from 'pix-utils';
import { BOLETO_BUSINESS_DAYS, dec, toAmount } from '@permuta/contracts';
import type { PaymentInstructions } from '@permuta/contracts';
import type { PixChargeRow, Settings } from '@permuta/db';
import { boletoDueDateOf } from './boleto-deadlines.ts';
import type { OrderNetworkRef, OrderRow, OrderViewRow, TokenRef } from './orders.repository.ts';

/** What a BR Code field may hold: upper-case ASCII letters, digits and spaces, cut to `max`. */
function pixText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();
}

/** The BR Code's transaction id: the order reference without its dash (letters and digits only). */
export function pixTxid(reference: string): string {
  return reference.replace(/[^A-Za-z0-9]/g, '').slice(0, 25);
}

/**
 * A static PIX BR Code ("copia e cola") for the platform's key with the amount and the order
 * reference as its transaction id, or null when settings have no PIX key.
 */
export function pixBrCode(settings: Settings, amount: string, reference: string): string | null {
  if (!settings.pixKey) return null;
  const pix = createStaticPix({
    merchantName: pixText(settings.pixMerchantName ?? 'PERMUTA', 25) || 'PERMUTA',
    merchantCity: pixText(settings.pixMerchantCity ?? 'SAO PAULO', 15) || 'SAO PAULO',
    pixKey: settings.pixKey,
    // pix-utils takes a number and writes it with two decimals; a BRL amount of at most
    // 20 digits and 2 decimals survives the round trip exactly.
    transactionAmount: Number(toAmount(dec(amount), 2)),
    txid: pixTxid(reference),
  });
  if (hasError(pix)) return null;
  return pix.toBRCode();
}

/** QR images of recent BR Codes: an order page is read many times while the customer pays. */
const qrImages = new Map<string, string>();
const QR_CACHE_SIZE = 1000;

/**
 * A text (a BR Code, a deposit address) as a QR image, an SVG data URL (a few times cheaper to make than a PNG, and sharp
 * at any size), from a small least-recently-used cache.
 */
export async function qrDataUrl(text: string): Promise<string> {
  const cached = qrImages.get(text);
  if (cached) {
    qrImages.delete(text);
    qrImages.set(text, cached);
    return cached;
  }
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  qrImages.set(text, url);
  if (qrImages.size > QR_CACHE_SIZE) qrImages.delete(qrImages.keys().next().value!);
  return url;
}

export interface InstructionsInput {
  order: OrderViewRow;
  send: TokenRef;
  /** where the platform receives a crypto token sent */
  depositNetwork: OrderNetworkRef | null;
  settings: Settings;
  /** a PIX order's charge at the PSP (decision 041), if one was asked for */
  pixCharge?: PixChargeRow | null;
}

/** What the customer must pay: the amount sent plus the method's extra fee (boleto). */
export function amountToPay(
  order: Pick<OrderRow, 'amountSend' | 'extraFee'>,
  precision: number,
): string {
  return toAmount(dec(order.amountSend).plus(order.extraFee), precision);
}

/** How to pay a pending order, for its payment method. */
export async function paymentInstructions(input: InstructionsInput): Promise<PaymentInstructions> {
  const { order, send, settings } = input;
  const amount = amountToPay(order, send.precision);
  switch (order.paymentMethod) {
    case 'pix': {
      const charge = input.pixCharge ?? null;
      if (charge?.status === 'creating') {
        // Never the static code while the PSP's is made: its txid ties the payment to the order.
        return {
          method: 'pix',
          amount,
          source: 'preparing',
          brCode: '',
          qrCode: '',
          pixKey: settings.pixKey ?? '',
          merchantName: settings.pixMerchantName ?? '',
        };
      }
      if (charge?.status === 'active' && charge.pixCopiaECola) {
        return {
          method: 'pix',
          amount,
          source: 'charge',
          brCode: charge.pixCopiaECola,
          qrCode: await qrDataUrl(charge.pixCopiaECola),
          pixKey: settings.pixKey ?? '',
          merchantName: settings.pixMerchantName ?? '',
        };
      }
      // No PSP, or its charge could not be made: the static BR Code of the platform's key.
      const brCode = pixBrCode(settings, amount, order.reference);
      return {
        method: 'pix',
        amount,
        source: 'static',
        brCode: brCode ?? '',
        qrCode: brCode ? await qrDataUrl(brCode) : '',
        pixKey: settings.pixKey ?? '',
        merchantName: settings.pixMerchantName ?? '',
      };
    }
    case 'bank_transfer':
      return {
        method: 'bank_transfer',
        amount,
        reference: order.reference,
        bankAccount: settings.bankAccount ?? null,
      };
    case 'boleto':
      return {
        method: 'boleto',
        amount,
        extraFee: toAmount(dec(order.extraFee), send.precision),
        businessDays: BOLETO_BUSINESS_DAYS,
        boletoAvailable: order.boletoStorageKey !== null,
        boletoLine: order.boletoStorageKey === null ? null : order.boletoLine,
        issueBy: order.boletoStorageKey === null ? order.expiresAt.toISOString() : null,
        dueDate:
          order.boletoStorageKey === null ? null : boletoDueDateOf(settings, order.expiresAt),
        issueHours: {
          timeZone: settings.operatingHours.timeZone,
          days: [...settings.operatingHours.days],
          open: settings.operatingHours.open,
          close: settings.operatingHours.close,
        },
      };
    case 'crypto': {
      const network = input.depositNetwork;
      return {
        method: 'crypto',
        amount,
        token: send.code,
        network: network?.code ?? '',
        networkName: network?.name ?? '',
        address: network?.depositAddress ?? null,
        qrCode: network?.depositAddress ? await qrDataUrl(network.depositAddress) : '',
        memo: network?.depositMemo ?? null,
        minConfirmations: network?.minConfirmations ?? 0,
        tip: network?.tip ?? null,
        notice: network?.notice ?? null,
      };
    }
    case 'deriv':
      return { method: 'deriv', amount, account: settings.derivAccount ?? null };
  }
}

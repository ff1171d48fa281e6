import type { PublicSettings } from '@permuta/contracts/settings';
import { DEFAULT_HOURS } from './site-facts.ts';

/** Public settings as the demo data has them (for tests). */
export const SETTINGS: PublicSettings = {
  defaultSendToken: 'PIX',
  defaultReceiveToken: 'USDT',
  instagramUrl: 'https://www.instagram.com/permuta.example',
  telegramUrl: 'https://t.me/permuta_example',
  youtubeUrl: 'https://www.youtube.com/@permuta-example',
  youtubeTutorialUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  supportEmail: 'suporte@permuta.example',
  supportPhone: '+5511999990000',
  whatsappUrl: 'https://wa.me/5511999990000',
  operatingHours: DEFAULT_HOURS,
  deskOpenNow: false,
  nextOpeningAt: '2026-11-30T13:00:00.000Z',
  boletoFee: '3.5',
  pixMinReceive: '50',
  pixMaxReceive: '50000',
  derivMinReceive: '10',
  derivMaxReceive: '5000',
  whatsappThresholdBrl: '200',
};

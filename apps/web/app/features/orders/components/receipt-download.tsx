import '@mantine/core/styles/Button.css';
import { useState } from 'react';
import { Button } from '@mantine/core';
import type { OrderView } from '@permuta/contracts/orders';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { isApiError } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/** "Comprovante (PDF)": the receipt of a completed order, in the page's language. */
export function ReceiptDownload({ order }: { order: Pick<OrderView, 'reference' | 'status'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  if (order.status !== 'completed') return null;
  const download = () => {
    setBusy(true);
    downloadFile(apiPaths.orderReceipt(order.reference), locale, `${order.reference}.pdf`)
      .catch((error: unknown) => {
        void toast.error(isApiError(error) ? error.message : t('orders.files.downloadError'));
      })
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="light"
      onClick={download}
      loading={busy}
      leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
      data-testid="download-receipt"
      style={{ alignSelf: 'flex-start' }}
    >
      {t('orders.receiptPdf')}
    </Button>
  );
}

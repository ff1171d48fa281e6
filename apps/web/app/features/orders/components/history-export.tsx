import '@mantine/core/styles/Button.css';
import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/**
 * "Exportar histórico (CSV)": every order of the customer. In Portuguese the file is what Excel
 * in Portuguese opens as columns (semicolons, decimal commas); in English, plain CSV.
 */
export function HistoryExport() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    const dialect = locale === 'pt-BR' ? 'excel-pt-BR' : 'standard';
    downloadFile(apiPaths.ordersExport(dialect), locale, 'orders.csv')
      .catch((error: unknown) => {
        void toast.error(isApiError(error) ? error.message : t('orders.list.exportError'));
      })
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="default"
      onClick={download}
      loading={busy}
      leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
      data-testid="export-history"
    >
      {t('orders.list.export')}
    </Button>
  );
}

import { Text } from '@mantine/core';
import { formatMoney } from '@permuta/contracts/money';
import { useTranslation } from '../i18n/react.tsx';
import type { Locale } from '../lib/locale.ts';

/** The "sends / receives" cell of an order in a back-office list: what goes in, what goes out. */
export function OrderAmounts({
  order,
  locale,
}: {
  order: { amountSend: string; sendToken: string; amountReceive: string; receiveToken: string };
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm">
        {t('admin.common.sends', {
          amount: formatMoney(order.amountSend, { code: order.sendToken }, locale),
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('admin.common.receives', {
          amount: formatMoney(order.amountReceive, { code: order.receiveToken }, locale),
        })}
      </Text>
    </>
  );
}

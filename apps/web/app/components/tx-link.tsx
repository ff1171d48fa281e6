import { Anchor } from '@mantine/core';
import { explorerName, txExplorerUrl } from '@permuta/contracts/explorers';
import { useTranslation } from '../i18n/react.tsx';

/**
 * A transaction id on a network: a link to the network's block explorer in a new tab when the
 * network has one and the id is a hash; the id as text otherwise (PIX, Deriv, an id typed by hand).
 */
export function TxLink({
  network,
  txId,
  className,
}: {
  network: string | null | undefined;
  txId: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const href = txExplorerUrl(network, txId);
  const explorer = explorerName(network);
  if (!href || !explorer) return <>{txId}</>;
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      aria-label={t('orders.order.payoutTxLink', { tx: txId, explorer })}
    >
      {txId}
    </Anchor>
  );
}

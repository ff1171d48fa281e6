import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import { ActionIcon, Group, Select, TextInput } from '@mantine/core';
import { IconArrowsDownUp } from '@tabler/icons-react';
import type { PublicNetwork } from '@permuta/contracts/catalogue';
import { useTranslation } from '../../../i18n/react.tsx';
import { cleanAmountInput } from '../../../lib/amount.ts';
import { optionLabel, type Side } from '../quote-form.ts';
import type { PairInput } from '../use-pair-input.ts';

// The option lists are mounted when opened, not hidden beside every select from the start: a
// hidden list still rendered its options and measured its position on the first paint.
const COMBOBOX = { shadow: 'md', withinPortal: false, keepMounted: false } as const;

/**
 * The token and amount to send, the network, the swap button, the token and amount to receive:
 * the same fields on the home calculator and the exchange screen, each screen giving the class
 * names of its CSS module.
 */
export function PairFields({
  input,
  amounts,
  networks,
  classNames,
}: {
  input: PairInput;
  /** What the amount fields show (`input.amounts(quote)`). */
  amounts: { send: string; receive: string };
  /** The networks offered; none hides the network field. */
  networks: readonly PublicNetwork[];
  classNames: { token: string | undefined; amount: string | undefined };
}) {
  const { t } = useTranslation();
  const side = (which: Side) => (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <Select
        className={classNames.token}
        label={t(which === 'send' ? 'calculator.send' : 'calculator.receive')}
        data={input.options}
        value={input.pair[which]}
        onChange={(code) => input.choose(which, code)}
        allowDeselect={false}
        checkIconPosition="right"
        comboboxProps={COMBOBOX}
      />
      <TextInput
        className={classNames.amount}
        label={t(which === 'send' ? 'calculator.amountSend' : 'calculator.amountReceive')}
        inputMode="decimal"
        autoComplete="off"
        value={amounts[which]}
        placeholder="0"
        onChange={(event) => input.type(which, cleanAmountInput(event.currentTarget.value))}
        error={
          input.typed.side === which && input.invalid ? t('calculator.invalidAmount') : undefined
        }
      />
    </Group>
  );

  return (
    <>
      {side('send')}

      {networks.length > 0 && (
        <Select
          label={t('calculator.network')}
          data={networks.map((n) => ({ value: n.code, label: optionLabel(n.code, n.name) }))}
          value={input.network}
          onChange={(code) => code && input.chooseNetwork(code)}
          allowDeselect={false}
          checkIconPosition="right"
          comboboxProps={COMBOBOX}
        />
      )}

      <Group justify="center">
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          onClick={input.swap}
          aria-label={t('calculator.swap')}
          title={t('calculator.swap')}
        >
          <IconArrowsDownUp size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>

      {side('receive')}
    </>
  );
}

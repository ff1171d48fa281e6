import './styles.ts';
import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '../../../i18n/react.tsx';

/** What NetworkFields needs of a @mantine/form form. */
export interface FieldBinder {
  getInputProps(path: string, options?: { type?: 'input' | 'checkbox' }): object;
}

/**
 * Every field of a network (code, name, switches, fees and limits, confirmations, arrival time,
 * tip, notice, contract, patterns, the platform's deposit address and memo), bound to `form`
 * under `prefix` (e.g. `networks.0.`). The code is fixed once the network exists.
 */
export function NetworkFields({
  form,
  prefix = '',
  codeEditable = true,
}: {
  form: FieldBinder;
  prefix?: string;
  codeEditable?: boolean;
}) {
  const { t } = useTranslation();
  // Controlled forms only: no `key` from the form (it cannot be spread into JSX).
  const field = (name: string) => form.getInputProps(`${prefix}${name}`);
  const check = (name: string) => form.getInputProps(`${prefix}${name}`, { type: 'checkbox' });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('adminCatalogue.network.code')}
          description={t('adminCatalogue.network.codeHelp')}
          required
          disabled={!codeEditable}
          autoComplete="off"
          {...field('code')}
        />
        <TextInput
          label={t('adminCatalogue.network.name')}
          required
          autoComplete="off"
          {...field('name')}
        />
      </SimpleGrid>
      <Group gap="lg">
        <Checkbox label={t('adminCatalogue.network.enabled')} {...check('enabled')} />
        <Checkbox label={t('adminCatalogue.network.depositEnabled')} {...check('depositEnabled')} />
        <Checkbox
          label={t('adminCatalogue.network.withdrawEnabled')}
          {...check('withdrawEnabled')}
        />
        <Checkbox label={t('adminCatalogue.network.isDefault')} {...check('isDefault')} />
        <Checkbox label={t('adminCatalogue.network.memoRequired')} {...check('memoRequired')} />
      </Group>
      <Fieldset legend={t('adminCatalogue.network.limits')} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('adminCatalogue.network.withdrawFee')}
            inputMode="decimal"
            {...field('withdrawFee')}
          />
          <TextInput
            label={t('adminCatalogue.network.withdrawMin')}
            inputMode="decimal"
            {...field('withdrawMin')}
          />
          <TextInput
            label={t('adminCatalogue.network.withdrawMax')}
            description={t('adminCatalogue.network.withdrawMaxHelp')}
            inputMode="decimal"
            {...field('withdrawMax')}
          />
          <TextInput
            label={t('adminCatalogue.network.minConfirmations')}
            inputMode="numeric"
            {...field('minConfirmations')}
          />
          <TextInput
            label={t('adminCatalogue.network.arrival')}
            description={t('adminCatalogue.network.arrivalHelp')}
            inputMode="numeric"
            {...field('estimatedArrivalMinutes')}
          />
          <TextInput
            label={t('adminCatalogue.network.contract')}
            autoComplete="off"
            {...field('contractAddress')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('adminCatalogue.network.deposit')} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('adminCatalogue.network.depositAddress')}
            description={t('adminCatalogue.network.depositAddressHelp')}
            autoComplete="off"
            spellCheck={false}
            {...field('depositAddress')}
          />
          <TextInput
            label={t('adminCatalogue.network.depositMemo')}
            autoComplete="off"
            {...field('depositMemo')}
          />
          <TextInput
            label={t('adminCatalogue.network.addressRegex')}
            autoComplete="off"
            spellCheck={false}
            {...field('addressRegex')}
          />
          <TextInput
            label={t('adminCatalogue.network.memoRegex')}
            autoComplete="off"
            spellCheck={false}
            {...field('memoRegex')}
          />
        </SimpleGrid>
      </Fieldset>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          label={t('adminCatalogue.network.tip')}
          description={t('adminCatalogue.network.adminTextHelp')}
          rows={2}
          {...field('tip')}
        />
        <Textarea
          label={t('adminCatalogue.network.notice')}
          description={t('adminCatalogue.network.adminTextHelp')}
          rows={2}
          {...field('notice')}
        />
      </SimpleGrid>
    </Stack>
  );
}

import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { bankMatches } from '@permuta/contracts/banks';

/**
 * The bank select's filter: by code, registered name or the name people use ("nubank",
 * "itau"), accents and case aside. The options' labels hold all three (bankLabel).
 */
export const filterBanks: OptionsFilter = ({ options, search, limit }) =>
  (options as ComboboxItem[])
    .filter((option) => bankMatches({ code: option.value, name: option.label }, search))
    .slice(0, limit);

import { AutocompleteInput, ReferenceInput, type AutocompleteInputProps } from 'react-admin';
import { VirtualListbox } from './VirtualListbox';

/** How many options one server search brings; more are reached by typing (the search runs on the server). */
const OPTIONS_PER_SEARCH = 200;

export interface ReferenceComboboxProps extends Omit<AutocompleteInputProps, 'source' | 'filter'> {
  source: string;
  reference: string;
  /** Extra filter for the options, e.g. `{ group: id }`. */
  filter?: Record<string, unknown>;
}

/**
 * A select over another resource (profiles, units, groups, companies, devices) that stays fast with
 * thousands of records: options are searched on the server as the user types and rendered in a
 * virtual list (spec §9).
 */
export function ReferenceCombobox({ source, reference, filter, optionText = 'name', ...props }: ReferenceComboboxProps) {
  return (
    <ReferenceInput source={source} reference={reference} perPage={OPTIONS_PER_SEARCH} filter={filter} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput
        optionText={optionText}
        filterToQuery={(search: string) => ({ search })}
        slotProps={{ listbox: { component: VirtualListbox } }}
        {...props}
      />
    </ReferenceInput>
  );
}

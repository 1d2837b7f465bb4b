import { AutocompleteArrayInput, required, useDataProvider, useTranslate } from 'react-admin';
import { useApiQuery } from '../common/useApiQuery';
import type { AppDataProvider } from '../providers/dataProvider';
import { useCompanyState } from '../stores/hooks';
import type { CompanyPeople } from '../types/api';

/** Stands for `members: 'all'` among the chosen ids (no member has this id: ids are UUIDs). */
const ALL = 'all';

type Recipients = 'all' | string[];

const memberName = (member: CompanyPeople['users'][number]): string => {
  const name = [member.first_name, member.last_name].filter(Boolean).join(' ');
  return name ? `${name} (${member.email})` : member.email;
};

/** The chips show "all" as one choice among the members. */
export const formatRecipients = (value: Recipients | null | undefined): string[] => (value === ALL ? [ALL] : (value ?? []));

/** Choosing "all" last means everyone; choosing a member after "all" means the named members only. */
export function parseRecipients(ids: string[] | null): Recipients {
  const chosen = ids ?? [];
  if (chosen.at(-1) === ALL) return ALL;
  return chosen.filter((id) => id !== ALL);
}

/** Who a notification or an e-mail goes to: every member of the selected company, or the members named. */
export function RecipientsInput() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const companyId = useCompanyState().selectedCompanyId;
  const people = useApiQuery({
    queryKey: ['companyPeople', companyId],
    queryFn: () => dataProvider.companyPeople(companyId ?? ''),
    enabled: companyId !== null,
  });
  const choices = [{ id: ALL, name: translate('app.rules.all_members') }, ...(people.data?.users ?? []).map((m) => ({ id: m.id, name: memberName(m) }))];
  return (
    <AutocompleteArrayInput
      source="members"
      label="app.rules.recipients"
      choices={choices}
      format={formatRecipients}
      parse={parseRecipients}
      isPending={people.isPending && companyId !== null}
      helperText={people.isError ? 'app.rules.recipients_error' : undefined}
      validate={required()}
      sx={{ minWidth: 280 }}
    />
  );
}

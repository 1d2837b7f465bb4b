import { Box, Chip, Typography } from '@mui/material';
import { BooleanField, CreateButton, FunctionField, useTranslate } from 'react-admin';
import { KeyboardDataTable } from '../common/KeyboardDataTable';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { useFormatters } from '../common/format';
import type { Rule } from '../types/api';
import { PermittedForResource } from '../common/Permitted';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { CardFact, RecordCards } from '../common/RecordCards';

/** Armed, or firing (since when, for how many devices). */
export function RuleStateChip({ rule }: { rule: Rule }) {
  const translate = useTranslate();
  const format = useFormatters();
  const { firing, firing_since } = rule.state;
  if (firing === 0 || !firing_since) return <Chip size="small" color="success" variant="outlined" label={translate('app.rules.armed')} />;
  const since = translate('app.rules.firing_since', { since: format.dateTime(firing_since) });
  const label = firing > 1 ? `${since} · ${translate('app.rules.firing_count', { count: firing })}` : since;
  return <Chip size="small" color="error" label={label} />;
}

function RulesEmpty() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{translate('app.rules.empty')}</Typography>
      <PermittedForResource kind="create">
        <CreateButton label="app.rules.new" variant="contained" />
      </PermittedForResource>
    </Box>
  );
}

/** When the rule last fired, or 'never'. */
function LastFired({ rule }: { rule: Rule }) {
  const translate = useTranslate();
  const format = useFormatters();
  return <>{rule.state.last_fired_at ? format.dateTime(rule.state.last_fired_at) : translate('app.rules.never')}</>;
}

/** A rule as a card on a phone: its name, armed or firing, and when it last fired; tapping opens it. */
function RuleCards() {
  return (
    <RecordCards<Rule>
      title={(rule) => rule.name}
      details={
        <FunctionField<Rule>
          render={(rule) => (
            <>
              <RuleStateChip rule={rule} />{' '}
              <CardFact label="app.rules.last_fired">
                <LastFired rule={rule} />
              </CardFact>
            </>
          )}
        />
      }
      link="edit"
    />
  );
}

/** The company's rules with their state: armed or firing since when, and when each last fired. */
export function RuleList() {
  const translate = useTranslate();
  return (
    <ConsoleList empty={<RulesEmpty />} columnChooser>
      <PhoneOrGrid
        phone={<RuleCards />}
        grid={
          <KeyboardDataTable rowClick="edit" bulkActionButtons={false}>
            <KeyboardDataTable.Col source="name" />
            <KeyboardDataTable.Col source="enabled" field={BooleanField} />
            <KeyboardDataTable.Col<Rule> source="scope" render={(rule) => translate(`app.rules.scope.${rule.scope}`)} />
            <KeyboardDataTable.Col<Rule> label="app.rules.state" render={(rule) => <RuleStateChip rule={rule} />} />
            <KeyboardDataTable.Col<Rule> label="app.rules.last_fired" render={(rule) => <LastFired rule={rule} />} />
            <KeyboardDataTable.Col>
              <ConfirmDeleteButton />
            </KeyboardDataTable.Col>
          </KeyboardDataTable>
        }
      />
    </ConsoleList>
  );
}

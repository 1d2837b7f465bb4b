import { Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Section } from '../common/Section';
import { useFormatters } from '../common/format';
import type { AppDataProvider } from '../providers/dataProvider';
import { useCompanyState } from '../stores/hooks';
import type { RulePreview as Preview, RuleFiring } from '../types/api';
import { ruleBody, type RuleFormValues } from './ruleForm';
import { valuesText } from './RuleHistory';
import { Permitted } from '../common/Permitted';

/** The transitions of a replay or the history: when, which device, fired or resolved, the values. */
export function TransitionTable({ rows }: { rows: Pick<RuleFiring, 'at' | 'device_name' | 'transition' | 'values'>[] }) {
  const translate = useTranslate();
  const format = useFormatters();
  return (
    <Table size="small" sx={{ overflowX: 'auto', display: { xs: 'block', sm: 'table' } }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.rules.at')}</TableCell>
          <TableCell>{translate('app.rules.device')}</TableCell>
          <TableCell>{translate('app.rules.state')}</TableCell>
          <TableCell>{translate('app.rules.values')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={`${row.at}-${row.device_name}-${i}`}>
            <TableCell>{format.dateTime(row.at)}</TableCell>
            <TableCell>{row.device_name}</TableCell>
            <TableCell>{translate(`app.rules.transition.${row.transition}`)}</TableCell>
            <TableCell>{valuesText(row.values)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** "Test against the last 24 h": replays the scope's stored data through the rule as entered. */
export function RulePreview() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const companyId = useCompanyState().selectedCompanyId;
  const { getValues } = useFormContext<RuleFormValues>();
  const preview = useMutation<Preview, Error>({
    mutationFn: () => {
      const rule = ruleBody(getValues());
      return dataProvider.previewRule({
        company_id: companyId ?? '',
        scope: rule.scope ?? 'company',
        scope_id: rule.scope_id ?? null,
        condition: rule.condition ?? { match: 'all', conditions: [] },
        schedule: rule.schedule ?? null,
        hysteresis: rule.hysteresis ?? 0,
      });
    },
  });
  const result = preview.data;
  return (
    <>
      <Permitted action="POST /rule/preview">
        <Button variant="outlined" onClick={() => preview.mutate()} sx={{ mb: 2 }}>
          {translate('app.rules.preview')}
        </Button>
      </Permitted>
      {!preview.isIdle && (
        <Section
          title={translate('app.rules.preview_title')}
          load={{ isPending: preview.isPending, isError: preview.isError }}
          isEmpty={result?.transitions.length === 0}
          emptyText={translate('app.rules.preview_empty', { samples: result?.samples ?? 0 })}
          errorText={translate('app.rules.preview_error')}
        >
          {result?.truncated && <Typography color="text.secondary">{translate('app.rules.preview_truncated', { samples: result.samples })}</Typography>}
          <TransitionTable rows={result?.transitions ?? []} />
        </Section>
      )}
    </>
  );
}

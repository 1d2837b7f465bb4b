import { Box, Typography } from '@mui/material';
import { BooleanField, TextField, TopToolbar, useTranslate } from 'react-admin';
import { ColumnChooser, KeyboardDataTable } from '../common/KeyboardDataTable';
import { ColumnFilterButton } from '../common/filters/ColumnFilterButton';
import { ConsoleList } from '../common/ConsoleList';
import { CopyTemplateButton } from './CopyTemplateButton';
import { TemplateDetails } from './TemplateDetails';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { CardFact, RecordCards } from '../common/RecordCards';

type TemplateRow = { id: string; vendor: string; model: string; version: string };

/** A template as a card on a phone: vendor and model, its version, and copying it (or 'Already added'). */
function TemplateCards() {
  return (
    <RecordCards<TemplateRow>
      title={(template) => `${template.vendor} ${template.model}`}
      details={
        <CardFact label="resources.templates.fields.version">
          <TextField source="version" />
        </CardFact>
      }
      actions={<CopyTemplateButton />}
      empty={<NoTemplates />}
    />
  );
}

function NoTemplates() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography color="text.secondary">{translate('app.profiles.no_templates')}</Typography>
    </Box>
  );
}

/** The profile template store (spec §2): search, vendor filter, version, copy or 'Already added'. */
export function TemplateList() {
  return (
    <ConsoleList
      actions={
        <TopToolbar>
          <ColumnChooser />
          <ColumnFilterButton model="template" field="vendor" source="vendor" label="resources.templates.fields.vendor" />
        </TopToolbar>
      }
      sort={{ field: 'vendor', order: 'ASC' }}
      empty={false}
      exporter={false}
    >
      <PhoneOrGrid
        phone={<TemplateCards />}
        grid={
          <KeyboardDataTable bulkActionButtons={false} expand={<TemplateDetails />} empty={<NoTemplates />} rowClick="expand">
            <KeyboardDataTable.Col source="vendor" />
            <KeyboardDataTable.Col source="model" />
            <KeyboardDataTable.Col source="version" />
            <KeyboardDataTable.Col source="supports_otaa" field={BooleanField} />
            <KeyboardDataTable.Col label="resources.templates.fields.already_added">
              <CopyTemplateButton />
            </KeyboardDataTable.Col>
          </KeyboardDataTable>
        }
      />
    </ConsoleList>
  );
}

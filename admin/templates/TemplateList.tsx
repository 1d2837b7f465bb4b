import { Box, Typography } from '@mui/material';
import { BooleanField, TextField, TopToolbar, useTranslate } from 'react-admin';
import { KeyboardDatagrid } from '../common/KeyboardDatagrid';
import { ColumnFilterButton } from '../common/filters/ColumnFilterButton';
import { ConsoleList } from '../common/ConsoleList';
import { CopyTemplateButton } from './CopyTemplateButton';
import { TemplateDetails } from './TemplateDetails';

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
          <ColumnFilterButton model="template" field="vendor" source="vendor" label="resources.templates.fields.vendor" />
        </TopToolbar>
      }
      sort={{ field: 'vendor', order: 'ASC' }}
      empty={false}
      exporter={false}
    >
      <KeyboardDatagrid bulkActionButtons={false} expand={<TemplateDetails />} empty={<NoTemplates />} rowClick="expand">
        <TextField source="vendor" />
        <TextField source="model" />
        <TextField source="version" />
        <BooleanField source="supports_otaa" />
        <CopyTemplateButton label="resources.templates.fields.already_added" />
      </KeyboardDatagrid>
    </ConsoleList>
  );
}

import { useState } from 'react';
import { Button, ListItemIcon, ListItemText, MenuItem, TextField } from '@mui/material';
import { TypeAheadMenu } from '../common/TypeAheadMenu';
import CheckIcon from '@mui/icons-material/Check';
import BusinessIcon from '@mui/icons-material/Business';
import { useRefresh, useTranslate } from 'react-admin';
import { companyStore } from '../stores/companyStore';
import { useCompanyState } from '../stores/hooks';

/**
 * Company switcher of spec §2: a dropdown on desktop, a select on mobile; shown once the user
 * has a company. Switching re-reads every list, since they are scoped to the selected company.
 */
export function CompanySwitcher({ variant }: { variant: 'menu' | 'select' }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { companies, selectedCompanyId } = useCompanyState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (companies.length === 0) return null;

  const choose = (id: string) => {
    setAnchor(null);
    if (id === selectedCompanyId) return;
    void companyStore.select(id).then(refresh);
  };

  if (variant === 'select') {
    return (
      <TextField
        select
        fullWidth
        size="small"
        label={translate('app.nav.company')}
        value={selectedCompanyId ?? ''}
        onChange={(event) => choose(event.target.value)}
        slotProps={{ select: { native: true } }}
      >
        {companies.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </TextField>
    );
  }

  const selected = companies.find((company) => company.id === selectedCompanyId);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<BusinessIcon />}
        aria-haspopup="menu"
        aria-label={translate('app.nav.company')}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {selected?.name ?? translate('app.nav.company')}
      </Button>
      <TypeAheadMenu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {companies.map((company) => (
          <MenuItem key={company.id} selected={company.id === selectedCompanyId} onClick={() => choose(company.id)}>
            <ListItemIcon>{company.id === selectedCompanyId ? <CheckIcon fontSize="small" data-testid="selected-company-check" /> : null}</ListItemIcon>
            <ListItemText>{company.name}</ListItemText>
          </MenuItem>
        ))}
      </TypeAheadMenu>
    </>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, IconButton, MenuItem } from '@mui/material';
import { TypeAheadMenu } from '../common/TypeAheadMenu';
import { useTranslate } from 'react-admin';
import { useUserState } from '../stores/hooks';
import { fullName } from '../stores/userStore';
import { profileMenuEntries } from './navigation';

/** The profile menu of spec §2; its entries depend on multi-tenant mode. */
export function ProfileMenu({ multiTenant }: { multiTenant: boolean }) {
  const translate = useTranslate();
  const { user } = useUserState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = user ? fullName(user) || user.emails[0] || '' : '';
  return (
    <>
      <IconButton color="inherit" aria-label={translate('app.nav.profile_menu')} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        <Avatar src={user?.profile_picture ?? undefined} alt={name} sx={{ width: 32, height: 32 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      </IconButton>
      <TypeAheadMenu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {profileMenuEntries(multiTenant, user?.is_operator === true).map((item) => (
          <MenuItem key={item.name} component={Link} to={item.path} onClick={() => setAnchor(null)}>
            {translate(item.label)}
          </MenuItem>
        ))}
      </TypeAheadMenu>
    </>
  );
}

import { Link } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Not-found page for unknown console paths (spec §2). */
export function NotFound() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('app.not_found.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{translate('app.not_found.text')}</Typography>
      <Button variant="contained" component={Link} to="/dashboard">
        {translate('app.not_found.back')}
      </Button>
    </Box>
  );
}

import { useState } from 'react';
import { Box, Button, Tooltip } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { AppDataProvider } from '../providers/dataProvider';
import { useNotifyFailure } from '../common/useNotifyFailure';
import { companyStore } from '../stores/companyStore';
import { useCompanyState } from '../stores/hooks';

/** Leave a company (issue #15); the last owner cannot, and the button says why. */
export function LeaveCompanyButton({ companyId, blocked }: { companyId: string; blocked: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [confirming, setConfirming] = useState(false);
  const company = useCompanyState().companies.find((c) => c.id === companyId)?.name ?? '';
  const leave = useMutation({
    mutationFn: () => dataProvider.leaveCompany(companyId),
    onSuccess: async () => {
      notify('app.companies.left', { type: 'success' });
      await companyStore.refresh();
      navigate('/companies');
    },
    onError: notifyFailure,
    onSettled: () => setConfirming(false),
  });
  const button = (
    <Button color="warning" variant="outlined" disabled={blocked || leave.isPending} onClick={() => setConfirming(true)}>
      {translate('app.companies.leave')}
    </Button>
  );
  return (
    <Box>
      {blocked ? (
        <Tooltip title={translate('app.companies.last_owner_hint')}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      <Confirm
        isOpen={confirming}
        title={translate('app.companies.leave_title', { company })}
        content={translate('app.companies.leave_content')}
        onConfirm={() => leave.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

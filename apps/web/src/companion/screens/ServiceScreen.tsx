import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PanelLockNotice } from '../../modules/devices/components/details/MachineInfo';
import { useApplianceDetail } from '../../modules/devices/hooks/use-devices';
import { PinResetForm, ServicePinGate } from '../../modules/service-menu/components/ServicePinGate';
import { ServiceMenu } from '../../modules/service-menu/components/ServiceMenu';
import { PageHeader } from '../../ui/PageHeader';

/** A machine's service menu, behind the technician's PIN (docs/service-menu.md). */
export function ServiceScreen() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  const detail = useApplianceDetail(serialNumber);
  return (
    <>
      <PageHeader title={t('mobile.serviceMenu.title')} />
      <Stack gap="md">
        {detail.data && <PanelLockNotice appliance={detail.data} />}
        <ServicePinGate>
          <ServiceMenu serialNumber={serialNumber} />
        </ServicePinGate>
      </Stack>
    </>
  );
}

/** The e-mailed PIN reset link's screen (`/service/pin-reset?token=…`). */
export function PinResetScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={t('mobile.serviceMenu.resetPinTitle')} />
      <PinResetForm token={params.get('token') ?? ''} />
    </>
  );
}

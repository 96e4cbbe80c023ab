import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InstallMachine } from '../../modules/service-menu/components/InstallMachine';
import { ServicePinGate } from '../../modules/service-menu/components/ServicePinGate';
import { PageHeader } from '../../ui/PageHeader';

/** Install machine (device-areas §2): behind the technician's PIN like the service menu (docs/service-menu.md). */
export function InstallScreen() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  return (
    <>
      <PageHeader title={t('mobile.install.title')} />
      <Stack gap="md">
        <ServicePinGate>
          <InstallMachine serialNumber={serialNumber} />
        </ServicePinGate>
      </Stack>
    </>
  );
}

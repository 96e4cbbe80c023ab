import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddDeviceDialog } from '../modules/devices/components/AddDeviceDialog';
import { DeviceList } from '../modules/devices/components/DeviceList';
import { PageHeader } from '../ui/PageHeader';

/** Dashboard and device list (/, /devices): filters, the machines, Add Device. */
export function DevicesPage() {
  const { t } = useTranslation();
  const [adding, { open, close }] = useDisclosure(false);
  return (
    <>
      <PageHeader title={t('devices.title')}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
          {t('devices.addDevice.button')}
        </Button>
      </PageHeader>
      <DeviceList onAdd={open} />
      <AddDeviceDialog opened={adding} onClose={close} />
    </>
  );
}

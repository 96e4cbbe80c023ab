import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CarryRecords } from '../../modules/local-link/components/CarryRecords';
import { CommissionMachine } from '../../modules/local-link/components/CommissionMachine';
import { NearbyMachines } from '../../modules/local-link/components/NearbyMachines';
import { ReplaceBoard } from '../../modules/local-link/components/ReplaceBoard';
import { useLinkedMachine } from '../../modules/local-link/link-store';
import { PageHeader } from '../../ui/PageHeader';
import { offlineQueue } from '../offline';
import { recordCursors } from '../offline/record-cursors';

/** Commission machine (/nearby/{serial}/commission): from its box to online and claimed, then its installation. */
export function CommissionScreen() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  const machine = useLinkedMachine(serialNumber);
  return (
    <>
      <PageHeader title={t('mobile.link.commissioning.title')} />
      <Stack gap="md">
        {machine ? (
          <CommissionMachine
            serialNumber={serialNumber}
            installLink={
              <Button component={Link} to={`/device/${encodeURIComponent(serialNumber)}/install`}>
                {t('mobile.link.commissioning.install')}
              </Button>
            }
          />
        ) : (
          // Not reached in this visit of the app (a reload ends Bluetooth connections): find it again.
          <NearbyMachines search={serialNumber} renderActions={() => null} />
        )}
      </Stack>
    </>
  );
}

/** Carry records home (/nearby/{serial}/records): the machine's HACCP log, kept on the phone until uploaded. */
export function CarryRecordsScreen() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  const machine = useLinkedMachine(serialNumber);
  return (
    <>
      <PageHeader title={t('mobile.link.records.title')} />
      <Stack gap="md">
        {machine ? (
          <CarryRecords serialNumber={serialNumber} submit={offlineQueue.submit} cursors={recordCursors} />
        ) : (
          // Not reached in this visit of the app (a reload ends Bluetooth connections): find it again.
          <NearbyMachines search={serialNumber} renderActions={() => null} />
        )}
      </Stack>
    </>
  );
}

/** Replace main board (/device/{serial}/main-board): the new board from its QR code, by Bluetooth, restored as the machine. */
export function ReplaceBoardScreen() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  return (
    <>
      <PageHeader title={t('mobile.link.board.title')} />
      <ReplaceBoard
        serialNumber={serialNumber}
        backLink={
          <Button component={Link} to={`/device/${encodeURIComponent(serialNumber)}`}>
            {t('mobile.link.board.back')}
          </Button>
        }
      />
    </>
  );
}

import { Anchor, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PublicLayout } from '../app/layout/PublicLayout';
import { QueryProvider } from '../app/QueryProvider';
import { QueryBoundary } from '../modules/api/QueryBoundary';
import { FrontPanel } from '../modules/demo-panel/components/FrontPanel';
import { useFrontPanel } from '../modules/demo-panel/hooks/use-front-panel';
import { EmptyState } from '../ui/EmptyState';

function Panel({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const panel = useFrontPanel(serialNumber);
  return (
    <>
      <Anchor component={Link} to="/demo/machines" size="sm">
        <IconArrowLeft size={14} aria-hidden /> {t('demoPanel.allMachines')}
      </Anchor>
      <Title order={1} size="h3">
        {panel.data?.applianceName ?? serialNumber}
      </Title>
      <QueryBoundary query={panel} notFound={<EmptyState message={t('demoPanel.notFound')} />}>
        {(data) => <FrontPanel panel={data} />}
      </QueryBoundary>
    </>
  );
}

/** /demo/machines/:serialNumber: one virtual machine's front panel, live (docs/simulator.md, "Front panel"). */
export function DemoMachinePage() {
  const { serialNumber = '' } = useParams();
  return (
    <PublicLayout width={600}>
      <QueryProvider>
        <Panel serialNumber={serialNumber} />
      </QueryProvider>
    </PublicLayout>
  );
}

import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../app/layout/PublicLayout';
import { QueryProvider } from '../app/QueryProvider';
import { QueryBoundary } from '../modules/api/QueryBoundary';
import { PanelMachineList } from '../modules/demo-panel/components/PanelMachineList';
import { usePanelMachines } from '../modules/demo-panel/hooks/use-front-panel';
import { EmptyState } from '../ui/EmptyState';

function Machines() {
  const { t } = useTranslation();
  const machines = usePanelMachines();
  return (
    <>
      <Title order={1} size="h2">
        {t('demoPanel.title')}
      </Title>
      <Text c="dimmed">{t('demoPanel.intro')}</Text>
      <QueryBoundary query={machines} notFound={<EmptyState message={t('demoPanel.unavailable')} />}>
        {(list) => <PanelMachineList machines={list} />}
      </QueryBoundary>
    </>
  );
}

/** /demo/machines: the demo's virtual machines, without signing in (docs/simulator.md, "Front panel"). */
export function DemoMachinesPage() {
  return (
    <PublicLayout width={760}>
      <QueryProvider>
        <Machines />
      </QueryProvider>
    </PublicLayout>
  );
}

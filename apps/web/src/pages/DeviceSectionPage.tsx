import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../ui/PageHeader';

const titles = {
  'remote-control': 'remoteControl',
  parameters: 'parameters',
  'factory-parameters': 'factoryParameters',
  cycles: 'cycles',
  haccp: 'haccp',
} as const;

/** The device sub-pages: remote control, parameters, factory parameters, cycles, HACCP. */
export function DeviceSectionPage({ section }: { section: keyof typeof titles }) {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  return <PageHeader title={`${t(`layout.breadcrumbs.${titles[section]}`)} · ${serialNumber}`} />;
}

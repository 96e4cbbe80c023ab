import { useMemo, useState, type ReactNode } from 'react';
import { Alert, NativeSelect, Paper } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CYCLE_TYPES,
  isCycleType,
  parametersFor,
  type TCycleType,
  type TGamma,
  type TParameter,
  machineUnitSystem,
} from '@washboard/contracts';
import { QueryBoundary } from '../../api/QueryBoundary';
import { useApplianceDetail } from '../../devices/hooks/use-devices';
import { EmptyState } from '../../../ui/EmptyState';
import type { TParametersView } from '../api/parameters-api';
import { useParameters, useWriteParameters } from '../hooks/use-parameters';
import { ParameterEditor } from './ParameterEditor';

/** parameters: the coded cycle parameters; factory: the factory ones; cycles: each cycle's fields. */
export type TParametersScreen = 'parameters' | 'factory' | 'cycles';

function scopeOf(screen: TParametersScreen, gamma: TGamma): readonly TParameter[] {
  if (screen === 'factory') return parametersFor(gamma, 'factory');
  const cycle = parametersFor(gamma, 'cycle');
  return screen === 'cycles' ? cycle.filter((p) => p.cycleType !== undefined) : cycle.filter((p) => p.code !== undefined);
}

type TProps = { serialNumber: string; screen: TParametersScreen; notFound: ReactNode };

/** One of the three parameter editors of a machine, with the machine's values and unit system. */
export function ParametersScreen({ serialNumber, screen, notFound }: TProps) {
  const detail = useApplianceDetail(serialNumber);
  const parameters = useParameters(serialNumber);
  return (
    <QueryBoundary query={detail} notFound={notFound}>
      {({ gamma }) => (
        <QueryBoundary query={parameters} notFound={notFound}>
          {({ values }) => <Parameters serialNumber={serialNumber} screen={screen} gamma={gamma} values={values} />}
        </QueryBoundary>
      )}
    </QueryBoundary>
  );
}

type TParametersProps = { serialNumber: string; screen: TParametersScreen; gamma: TGamma; values: TParametersView['values'] };

/** The editor once the machine's range and values are there. */
function Parameters({ serialNumber, screen, gamma, values }: TParametersProps) {
  const { t } = useTranslation();
  const [cycle, setCycle] = useState<TCycleType>('fast');
  const write = useWriteParameters(serialNumber);
  const scope = useMemo(() => scopeOf(screen, gamma), [gamma, screen]);
  const reported = scope.filter((p) => values[p.key] !== undefined);
  // The spec's "Machine cannot be used (parameters empty)".
  if (reported.length === 0) return <EmptyState message={t('parameters.empty')} />;

  const shown = screen === 'cycles' ? scope.filter((p) => p.cycleType === cycle) : scope;
  const header =
    screen === 'factory' ? (
      <Alert color="yellow" icon={<IconAlertTriangle size={20} />} title={t('parameters.factoryTitle')}>
        {t('parameters.factoryWarning')}
      </Alert>
    ) : screen === 'cycles' ? (
      <Paper withBorder radius="md" p="md">
        <NativeSelect
          label={t('parameters.cycleEditor.selectCycle')}
          value={cycle}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isCycleType(next)) setCycle(next);
          }}
          data={CYCLE_TYPES.filter((c) => scope.some((p) => p.cycleType === c)).map((c) => ({
            value: c,
            label: t(`cycles.${c}`),
          }))}
          maw={360}
        />
      </Paper>
    ) : undefined;

  return (
    <ParameterEditor
      write={write}
      gamma={gamma}
      system={machineUnitSystem(values)}
      scope={scope}
      shown={shown}
      values={values}
      header={header}
    />
  );
}

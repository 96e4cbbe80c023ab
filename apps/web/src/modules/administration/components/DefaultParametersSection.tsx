import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GAMMAS, parameterByKey, type TDefaultParameter, type TGamma, type TParameter } from '@washboard/contracts';
import { BorderedTable } from '../../../ui/BorderedTable';
import { EmptyState } from '../../../ui/EmptyState';
import { usePhone } from '../../../ui/use-phone';
import { QueryBoundary } from '../../api/QueryBoundary';
import { useDeviceTranslation } from '../../i18n/device-texts';
import { useAddressParams } from '../../navigation/use-address-params';
import { useParameterValueText } from '../../parameters/components/ParameterField';
import { isChoice } from '../../parameters/parameter-form';
import { useRangeName } from '../../runtime/runtime-context';
import type { TModelRef } from '../api/default-parameters-api';
import { useDefaultParameterModels, useDefaultParameters } from '../hooks/use-default-parameters';
import { DefaultParameterModal } from './DefaultParameterModal';

type TTypeFilter = 'all' | '0' | '1';
type TRow = { row: TDefaultParameter; param: TParameter; name: string };

/** The values an on/off switch or a list of options may take. */
function choices(param: TParameter): number[] {
  return param.options ? Object.values(param.options) : [param.min, param.max];
}

/** `infinity:WB-500` in the address (`?model=`), so a reload opens the same model. */
function modelKey(model: TModelRef): string {
  return `${model.gamma}:${model.modelNumber}`;
}
function parseModelKey(key: string | null): TModelRef | null {
  const at = key?.indexOf(':') ?? -1;
  if (!key || at < 0) return null;
  const gamma = key.slice(0, at);
  return GAMMAS.includes(gamma as TGamma) ? { gamma: gamma as TGamma, modelNumber: key.slice(at + 1) } : null;
}

/** A parameter's name: "Boiler standby temperature", or the cycle and field ("Eco · Wash duration"). */
function useParameterName(): (param: TParameter) => string {
  const { t } = useTranslation();
  const device = useDeviceTranslation();
  return (param) =>
    param.code
      ? device.t(`parameters.${param.code}.label`)
      : `${t(`cycles.${param.cycleType}`)} · ${device.t(`cycleFields.${param.field}.label`)}`;
}

/**
 * Manage Products › default parameters: a model picker and the model's list (ID, code, type Cycle 0
 * / Factory 1, value, allowed range), searchable by code or name and by type; each value is edited
 * in a dialog within the catalogue's bounds. What restore-presets sends (docs/administration.md).
 */
export function DefaultParametersSection() {
  const { t } = useTranslation();
  const rangeName = useRangeName();
  const models = useDefaultParameterModels();
  const { params, set } = useAddressParams();
  const list = models.data ?? [];
  const chosen = parseModelKey(params.get('model'));
  // No list until a model is chosen: a whole list is long, and the product table sits above it.
  const model = list.find((m) => chosen && modelKey(m) === modelKey(chosen)) ?? null;
  const choose = (key: string | null) => set({ model: key ?? undefined });

  return (
    <Stack gap="md" component="section" aria-labelledby="default-parameters-title">
      <Stack gap={4}>
        <Title order={2} size="h3" id="default-parameters-title">
          {t('admin.defaultParameters.title')}
        </Title>
        <Text size="sm" c="dimmed" maw={760}>
          {t('admin.defaultParameters.intro')}
        </Text>
      </Stack>
      <QueryBoundary query={models}>
        {(all) =>
          all.length === 0 ? (
            <EmptyState message={t('admin.defaultParameters.noModels')} />
          ) : (
            <>
              <Group gap="md" align="flex-end">
                <Select
                  label={t('admin.defaultParameters.model')}
                  placeholder={t('admin.defaultParameters.chooseModel')}
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage={t('common.noResults')}
                  data={all.map((m) => ({
                    value: modelKey(m),
                    label: t('common.modelOption', { model: m.modelNumber, gamma: rangeName(m.gamma) }),
                  }))}
                  value={model ? modelKey(model) : null}
                  onChange={choose}
                  w={{ base: '100%', xs: 320 }}
                />
                {model && (
                  <Group gap="xs" pb={6}>
                    <Badge variant="light" color="gray">
                      {t('admin.defaultParameters.productsCount', { count: model.products })}
                    </Badge>
                    <Badge variant="light" color={model.edited > 0 ? 'orange' : 'gray'}>
                      {t('admin.defaultParameters.editedCount', { count: model.edited })}
                    </Badge>
                  </Group>
                )}
              </Group>
              {model && <ModelParameters key={modelKey(model)} model={{ gamma: model.gamma, modelNumber: model.modelNumber }} />}
            </>
          )
        }
      </QueryBoundary>
    </Stack>
  );
}

/** One model's list with its filters and the edit dialog. */
function ModelParameters({ model }: { model: TModelRef }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const query = useDefaultParameters(model);
  const nameOf = useParameterName();
  const valueText = useParameterValueText();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TTypeFilter>('all');
  const [editing, setEditing] = useState<string | null>(null);

  const rows: TRow[] = (query.data?.parameters ?? []).flatMap((row) => {
    const param = parameterByKey(row.code);
    return param ? [{ row, param, name: nameOf(param) }] : [];
  });
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = rows.filter(
    ({ row, name }) =>
      (type === 'all' || String(row.type) === type) &&
      words.every((word) => row.code.toLowerCase().includes(word) || name.toLowerCase().includes(word)),
  );
  const typeName = (value: number) =>
    `${value} · ${t(value === 0 ? 'admin.defaultParameters.typeCycle' : 'admin.defaultParameters.typeFactory')}`;
  const open = rows.find(({ row }) => row.code === editing);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label={t('admin.defaultParameters.search')}
          placeholder={t('admin.defaultParameters.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <SegmentedControl
          aria-label={t('admin.defaultParameters.type')}
          value={type}
          onChange={(value) => setType(value as TTypeFilter)}
          data={[
            { value: 'all', label: t('admin.defaultParameters.allTypes') },
            { value: '0', label: typeName(0) },
            { value: '1', label: typeName(1) },
          ]}
        />
      </Group>
      <QueryBoundary query={query}>
        {() =>
          shown.length === 0 ? (
            <EmptyState message={t('admin.defaultParameters.empty')} />
          ) : (
            <BorderedTable aria-label={t('admin.defaultParameters.title')}>
              <Table.Thead>
                <Table.Tr>
                  {!phone && <Table.Th ta="end">{t('admin.defaultParameters.id')}</Table.Th>}
                  <Table.Th w={phone ? '55%' : undefined}>{t('admin.defaultParameters.code')}</Table.Th>
                  {!phone && <Table.Th>{t('parameters.columns.name')}</Table.Th>}
                  {!phone && <Table.Th>{t('admin.defaultParameters.type')}</Table.Th>}
                  <Table.Th>{t('admin.defaultParameters.value')}</Table.Th>
                  {!phone && <Table.Th>{t('parameters.columns.range')}</Table.Th>}
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map(({ row, param, name }) => (
                  <Table.Tr key={row.code} data-testid={`default-${row.code}`}>
                    {!phone && (
                      <Table.Td ta="end" c="dimmed">
                        {row.id}
                      </Table.Td>
                    )}
                    <Table.Th scope="row" fw={500}>
                      <Text ff="monospace" size="sm" fw={500}>
                        {row.code}
                      </Text>
                      {phone && (
                        <Text size="xs" c="dimmed" fw={400}>
                          {`${name} · ${typeName(row.type)}`}
                        </Text>
                      )}
                    </Table.Th>
                    {!phone && <Table.Td>{name}</Table.Td>}
                    {!phone && <Table.Td style={{ whiteSpace: 'nowrap' }}>{typeName(row.type)}</Table.Td>}
                    <Table.Td>
                      <Group gap={6} wrap={phone ? 'wrap' : 'nowrap'}>
                        <Text size="sm" style={phone ? undefined : { whiteSpace: 'nowrap' }}>
                          {valueText(param, row.value, 'metric', model.gamma)}
                        </Text>
                        {row.edited && (
                          <Badge size="xs" variant="light" color="orange">
                            {t('admin.defaultParameters.edited')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    {!phone && (
                      <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {isChoice(param)
                          ? choices(param)
                              .map((value) => valueText(param, value, 'metric', model.gamma))
                              .join(' · ')
                          : t('parameters.range', {
                              min: valueText(param, row.min, 'metric', model.gamma),
                              max: valueText(param, row.max, 'metric', model.gamma),
                            })}
                      </Table.Td>
                    )}
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        onClick={() => setEditing(row.code)}
                        aria-label={t('admin.defaultParameters.editNamed', { code: row.code })}
                      >
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </BorderedTable>
          )
        }
      </QueryBoundary>
      {open && <DefaultParameterModal model={model} param={open.param} row={open.row} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

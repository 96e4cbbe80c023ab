import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GAMMAS, RATING_POWERS, ZCreateProductRequest, type TCreateProductRequest } from '@washboard/contracts';
import { notify } from '../../../ui/notify';
import { apiErrorMessage } from '../../api/api-error-message';
import { useRangeName } from '../../runtime/runtime-context';
import { useCreateProduct } from '../hooks/use-add-products';
import { DeviceSecretNotice } from './DeviceSecretNotice';

type TField = 'serialNumber' | 'modelNumber' | 'fw00' | 'fw02' | 'gamma' | 'ratingPower';
const EMPTY: Record<TField, string> = { serialNumber: '', modelNumber: '', fw00: '', fw02: '', gamma: '', ratingPower: '' };

/** The catalogue key of a field's problem: empty, or (the serial number) not of the allowed shape. */
function problemKey(
  field: TField,
  value: string,
): 'validation.mandatory' | 'admin.addProduct.serialHint' | 'admin.import.reasons.tooLong' {
  if (value.trim() === '') return 'validation.mandatory';
  return field === 'serialNumber' ? 'admin.addProduct.serialHint' : 'admin.import.reasons.tooLong';
}

/** The single-product form of Add Products: the spec's fields, checked with the server's own schema. */
export function AddProductForm() {
  const { t } = useTranslation();
  const rangeName = useRangeName();
  const create = useCreateProduct();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ serialNumber: string; modelNumber: string; deviceSecret: string } | null>(null);

  const set = (field: TField) => (value: string | null) => setValues((v) => ({ ...v, [field]: value ?? '' }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ZCreateProductRequest.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<TField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as TField;
        next[field] ??= t(problemKey(field, values[field]));
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const request: TCreateProductRequest = parsed.data;
    create.mutate(request, {
      onSuccess: (answer) => {
        notify({ color: 'teal', message: t('success.productInserted') });
        setCreated({ ...answer, modelNumber: request.modelNumber });
        setValues(EMPTY);
      },
      onError: (e) => setFailure(`${t('errors.addProductFailed')}: ${apiErrorMessage(e, t, t('errors.tryAgainLater'))}`),
    });
  };

  const text = (field: TField, label: string, maxLength: number) => (
    <TextInput
      label={label}
      value={values[field]}
      error={errors[field]}
      maxLength={maxLength}
      required
      onChange={(e) => set(field)(e.currentTarget.value)}
    />
  );

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('admin.addProduct.title')}
        </Title>
        {created && <DeviceSecretNotice product={created} onDone={() => setCreated(null)} />}
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {text('serialNumber', t('admin.addProduct.serialNumber'), 40)}
              {text('modelNumber', t('admin.addProduct.model'), 40)}
              {text('fw00', t('admin.addProduct.fw00'), 40)}
              {text('fw02', t('admin.addProduct.fw02'), 40)}
              <Select
                label={t('admin.addProduct.gamma')}
                data={GAMMAS.map((g) => ({ value: g, label: rangeName(g) }))}
                value={values.gamma || null}
                error={errors.gamma}
                required
                allowDeselect={false}
                onChange={set('gamma')}
              />
              <Select
                label={t('admin.addProduct.ratingPower')}
                data={[...RATING_POWERS]}
                value={values.ratingPower || null}
                error={errors.ratingPower}
                required
                allowDeselect={false}
                onChange={set('ratingPower')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {t('admin.addProduct.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchDefaultParameterModels,
  fetchDefaultParameters,
  writeDefaultParameter,
  type TModelRef,
} from '../api/default-parameters-api';

const DEFAULTS_KEY = ['administration', 'default-parameters'] as const;

/** The brand's models with their products and changed values. */
export function useDefaultParameterModels() {
  return useQuery({ queryKey: [...DEFAULTS_KEY, 'models'], queryFn: fetchDefaultParameterModels });
}

/** One model's list (nothing until a model is chosen). */
export function useDefaultParameters(model: TModelRef | null) {
  return useQuery({
    queryKey: [...DEFAULTS_KEY, 'list', model?.gamma, model?.modelNumber],
    queryFn: () => fetchDefaultParameters(model ?? { gamma: 'infinity', modelNumber: '' }),
    enabled: model !== null,
  });
}

/** Sets one value of a model's list (`value: null` resets it), then reads the list and the models again. */
export function useDefaultParameterWrite(model: TModelRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, value }: { code: string; value: number | null }) => writeDefaultParameter(model, code, value),
    onSettled: () => client.invalidateQueries({ queryKey: DEFAULTS_KEY }),
  });
}

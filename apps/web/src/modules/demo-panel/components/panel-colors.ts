import type { TSystemStateName } from '@washboard/contracts';

/** A state's colour, as a Mantine colour name: washing stands out, off is grey. */
export function stateColor(state: TSystemStateName): string {
  switch (state) {
    case 'RUN':
      return 'blue';
    case 'IDLE':
      return 'teal';
    case 'STARTUP':
    case 'SHUTDOWN':
      return 'yellow';
    case 'OFF':
      return 'gray';
  }
}

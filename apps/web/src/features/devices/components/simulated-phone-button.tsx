import { Button, type ButtonProps } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useAddSimulatedPhone } from '../api/add-simulated-phone';

/** 'Add a simulated phone': one click, for a team with no phone at hand (a toast says it is connected). */
export function SimulatedPhoneButton(props: Pick<ButtonProps, 'variant' | 'size'>) {
  const simulate = useAddSimulatedPhone();
  return (
    <Button
      variant="default"
      {...props}
      leftSection={<IconFlask size={16} />}
      loading={simulate.isPending}
      onClick={() => simulate.mutate()}
    >
      Add a simulated phone
    </Button>
  );
}

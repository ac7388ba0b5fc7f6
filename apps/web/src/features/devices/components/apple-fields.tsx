import { Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { DeviceDto } from '@prospector/core';
import { NEW_COMPUTER } from '../hooks/use-add-device-form';

export type AppleFieldsProps = {
  macs: readonly DeviceDto[];
  /** A Mac's id, or NEW_COMPUTER. */
  computer: string;
  onComputerChange: (computer: string) => void;
  macName: string;
  onMacNameChange: (name: string) => void;
  isIntel: boolean;
  onIntelChange: (isIntel: boolean) => void;
  computerError: string | null;
};

/** The computer an iPhone texts through: one of the team's Macs, or a new one with its name. */
export function AppleFields(props: AppleFieldsProps) {
  const { macs, computer, macName, isIntel, computerError } = props;
  const adding = computer === NEW_COMPUTER;
  return (
    <Stack gap="sm">
      {macs.length > 0 && (
        <NativeSelect
          label="Computer"
          description="The Mac signed in to Messages with the iPhone's Apple ID."
          value={computer}
          onChange={(event) => props.onComputerChange(event.currentTarget.value)}
          data={[
            ...macs.map((mac) => ({ value: mac._id, label: mac.value })),
            { value: NEW_COMPUTER, label: 'Add a new computer…' },
          ]}
          error={adding ? undefined : computerError}
        />
      )}
      {adding && (
        <>
          <TextInput
            label="Computer name"
            description="A name you will recognise, such as Office iMac."
            placeholder="Office iMac"
            value={macName}
            onChange={(event) => props.onMacNameChange(event.currentTarget.value)}
            error={computerError}
            maxLength={100}
            data-autofocus
          />
          <Checkbox
            label="This Mac has an Intel processor"
            checked={isIntel}
            onChange={(event) => props.onIntelChange(event.currentTarget.checked)}
          />
        </>
      )}
    </Stack>
  );
}

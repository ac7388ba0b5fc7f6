import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { DeviceDto, PhoneType } from '@prospector/core';
import { useAddDeviceForm } from '../hooks/use-add-device-form';
import { AppleFields } from './apple-fields';

export type AddDeviceFormProps = {
  devices: readonly DeviceDto[];
  /** The phone added (an iPhone, or a Mac added alone): its app is downloaded and paired next. */
  onAdded: (device: DeviceDto) => void;
  onCancel: () => void;
  /** A kind chosen beforehand: the form asks only for that kind. Otherwise the user picks one here. */
  phoneType?: PhoneType;
  /** A new Mac must come with its iPhone (the onboarding needs a phone to text from). */
  phoneRequired?: boolean;
  cancelLabel?: string;
};

const HINTS: Record<PhoneType, string> = {
  Android: 'An Android phone sends and receives texts from its own number through the app, run in Termux.',
  Apple:
    'A Mac sends and receives through Messages, from the number of the iPhone signed in to it. Add the Mac, then the iPhone.',
};

/**
 * Add device (spec part 2 §2, §5): an Android phone by its number, or an iPhone on one of the team's
 * Macs (or a new one). Settings > Devices shows it in a dialog, the onboarding in its device step.
 */
export function AddDeviceForm(props: AddDeviceFormProps) {
  const { devices, onAdded, onCancel, phoneType: fixedType, phoneRequired, cancelLabel = 'Cancel' } = props;
  const form = useAddDeviceForm(devices, onAdded, { initialType: fixedType, phoneRequired });
  const apple = form.phoneType === 'Apple';
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <Stack gap="md">
        {fixedType ? (
          <Text size="sm" c="dimmed">
            {HINTS[fixedType]}
          </Text>
        ) : (
          <Stack gap={6}>
            <SegmentedControl
              fullWidth
              aria-label="Device type"
              value={form.phoneType}
              onChange={(next) => form.setPhoneType(next as PhoneType)}
              data={[
                { value: 'Android', label: 'Android' },
                { value: 'Apple', label: 'Apple (iPhone via Mac)' },
              ]}
            />
            <Text size="xs" c="dimmed">
              {HINTS[form.phoneType]}
            </Text>
          </Stack>
        )}
        {apple && (
          <AppleFields
            macs={form.macs}
            computer={form.computer}
            onComputerChange={form.setComputer}
            macName={form.macName}
            onMacNameChange={form.setMacName}
            isIntel={form.isIntel}
            onIntelChange={form.setIsIntel}
            computerError={form.computerError}
          />
        )}
        <TextInput
          label={apple ? 'iPhone number or Apple ID' : 'Phone number'}
          description={
            apple
              ? `With the country code (+1 916 456 7890), or the Apple ID e-mail.${form.valueRequired ? '' : ' Optional: you can add it later.'}`
              : 'With the country code, starting with + (+1 916 456 7890).'
          }
          placeholder={apple ? '+1 916 456 7890 or name@icloud.com' : '+1 916 456 7890'}
          value={form.value}
          onChange={(event) => form.setValue(event.currentTarget.value)}
          onBlur={form.touch}
          error={form.valueError}
          withAsterisk={form.valueRequired}
          maxLength={254}
          data-autofocus={apple ? undefined : true}
        />
        {form.serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" p="sm">
            {form.serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={form.pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" loading={form.pending}>
            Add device
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

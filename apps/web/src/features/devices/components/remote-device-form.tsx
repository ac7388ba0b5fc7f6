import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { DeviceDto } from '@prospector/core';
import { ApiError } from '../../../lib/api-client';
import { useAddBlueBubbles, useAddLocalPhone } from '../api/add-remote-device';

type FormProps = { onAdded: (device: DeviceDto) => void; onCancel: () => void };

function Shell(props: {
  intro: ReactNode;
  steps: string[];
  children: ReactNode;
  error: string | null;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <Stack gap="md">
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="sm">
          {props.intro}
        </Alert>
        <List type="ordered" size="sm" spacing={4}>
          {props.steps.map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List>
        {props.children}
        {props.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" p="sm">
            {props.error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel} disabled={props.pending}>
            Cancel
          </Button>
          <Button type="submit" loading={props.pending}>
            Connect
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : null);

/** The form's text fields: their values, and what binds an input to one of them. */
function useFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const bind = (key: keyof T) => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const { value } = e.currentTarget;
      setValues((v) => ({ ...v, [key]: value }));
    },
  });
  return [values, bind] as const;
}

/** Android phone — SMS Gateway app, local server: for trying it on a laptop on the same Wi-Fi. */
export function LocalPhoneForm({ onAdded, onCancel }: FormProps) {
  const add = useAddLocalPhone();
  const [f, field] = useFields({ address: '', username: '', password: '', phone: '' });
  return (
    <Shell
      intro={
        <Text size="sm">
          Fits when you are <b>trying it on a laptop on the same Wi-Fi</b> as the phone: no certificate
          needed. Prospector calls the phone, so it must stay on this Wi-Fi. If your server has HTTPS, use{' '}
          <b>private server</b> mode instead.
        </Text>
      }
      steps={[
        'Install SMS Gateway for Android from its GitHub releases and open it.',
        'Switch on "Local server" and tap "Offline" so it starts.',
        'Copy the address (like http://192.168.1.23:8080), username and password it shows.',
      ]}
      error={errorText(add.error)}
      pending={add.isPending}
      onCancel={onCancel}
      onSubmit={() => add.mutate(f, { onSuccess: (r) => onAdded(r.device) })}
    >
      <TextInput
        label="Address"
        placeholder="http://192.168.1.23:8080"
        {...field('address')}
        required
        data-autofocus
      />
      <Group grow>
        <TextInput label="Username" {...field('username')} required />
        <PasswordInput label="Password" {...field('password')} required />
      </Group>
      <TextInput
        label="This phone's number"
        description="With the country code (+1 916 456 7890)."
        placeholder="+1 916 456 7890"
        {...field('phone')}
        required
      />
    </Shell>
  );
}

/** Mac with BlueBubbles: iMessage (and SMS through the iPhone) from the Mac's Messages. */
export function BlueBubblesForm({ onAdded, onCancel }: FormProps) {
  const add = useAddBlueBubbles();
  const [f, field] = useFields({ url: '', password: '', value: '' });
  return (
    <Shell
      intro={
        <Text size="sm">
          Fits when your team texts from <b>iPhones</b>: a Mac signed in to Messages runs BlueBubbles Server,
          and Prospector sends through it, as iMessage or as SMS when the contact has no iMessage.
        </Text>
      }
      steps={[
        'Install BlueBubbles Server on the Mac and finish its setup (Full Disk Access, a server password).',
        'Copy the server URL it shows and the password you chose.',
        'Prospector checks them and registers itself to hear replies; nothing else to set up.',
      ]}
      error={errorText(add.error)}
      pending={add.isPending}
      onCancel={onCancel}
      onSubmit={() => add.mutate(f, { onSuccess: (r) => onAdded(r.device) })}
    >
      <TextInput
        label="Server URL"
        placeholder="https://your-mac.example.com or http://192.168.1.40:1234"
        {...field('url')}
        required
        data-autofocus
      />
      <PasswordInput label="Server password" {...field('password')} required />
      <TextInput
        label="iPhone number or Apple ID"
        description="The one Messages on the Mac sends from."
        placeholder="+1 916 456 7890 or name@icloud.com"
        {...field('value')}
        required
      />
    </Shell>
  );
}

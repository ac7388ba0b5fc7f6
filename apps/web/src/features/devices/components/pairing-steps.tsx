import { Code, List } from '@mantine/core';

type PairingStepsProps = {
  platform: 'android' | 'macos';
  /** The computer's name, for a Mac. */
  agentName: string;
};

/** How to run the app on the phone or Mac, in short; the download's README has the long version. */
export function PairingSteps({ platform, agentName }: PairingStepsProps) {
  return (
    <List type="ordered" size="sm" spacing={6} aria-label="How to connect">
      {platform === 'android' ? (
        <>
          <List.Item>
            On the phone, install <b>Termux</b> and <b>Termux:API</b> from F-Droid, then in Termux run{' '}
            <Code>pkg install nodejs termux-api</Code>.
          </List.Item>
          <List.Item>
            Allow SMS: Android Settings → Apps → Termux:API → Permissions → <b>SMS</b>.
          </List.Item>
          <List.Item>
            Download the app below, copy its folder to the phone and, in that folder in Termux, run{' '}
            <Code>node agent.mjs</Code>.
          </List.Item>
        </>
      ) : (
        <>
          <List.Item>
            On <b>{agentName}</b>, sign in to Messages with the iPhone&apos;s Apple ID; on the iPhone turn on
            Settings → Messages → <b>Text Message Forwarding</b> for this Mac.
          </List.Item>
          <List.Item>
            Install Node.js 20 or newer and give Terminal <b>Full Disk Access</b> (System Settings → Privacy
            &amp; Security), so the app can read replies.
          </List.Item>
          <List.Item>
            Download the app below, unzip it and, in its folder in Terminal, run <Code>node agent.mjs</Code>;
            allow it to control Messages when macOS asks.
          </List.Item>
        </>
      )}
    </List>
  );
}

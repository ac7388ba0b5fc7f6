import { Stack, Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@prospector/core';
import { PageTitle } from '../../components/page-title';
import { useLiveTemplates } from '../../features/templates';

const TABS = [
  { value: paths.templates.sms, label: 'SMS Templates' },
  { value: paths.templates.subtemplates, label: 'Subtemplates' },
  { value: paths.templates.quickReplies, label: 'Quick Replies' },
];

/** Template Settings (spec part 2 §2): three tabs, each its own route; a teammate's changes show live. */
export function TemplatesLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useLiveTemplates();
  return (
    <Stack gap="lg">
      <PageTitle>Templates</PageTitle>
      <Tabs value={pathname} onChange={(value) => value && void navigate(value)}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}

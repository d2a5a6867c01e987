import { Group, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import classes from './leads-tabs.module.css';

const TABS = [
  { to: '/leads', label: 'Find leads' },
  { to: '/leads/revealed', label: 'Revealed leads' },
] as const;

/** The two views of leads: those to find (masked), and those already yours. */
export function LeadsTabs() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Leads views" gap={0} className={classes.tabs}>
      {TABS.map((tab) => (
        <UnstyledButton
          key={tab.to}
          renderRoot={(props) => <Link {...props} to={tab.to} activeOptions={{ exact: true, includeSearch: false }} />}
          className={classes.tab}
          aria-current={pathname === tab.to ? 'page' : undefined}
        >
          {tab.label}
        </UnstyledButton>
      ))}
    </Group>
  );
}

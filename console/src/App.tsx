import { Box, Button, Group, Loader, NavLink, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { currentSession, signOut, type ConsoleSession } from './api';
import { ErrorText } from './ErrorText';
import { Action } from './pages/Action';
import { Api } from './pages/Api';
import { Apis } from './pages/Apis';
import { Applications } from './pages/Applications';
import { Grants } from './pages/Grants';
import { Logs } from './pages/Logs';
import { LogStreams } from './pages/LogStreams';
import { Organization } from './pages/Organization';
import { Organizations } from './pages/Organizations';
import { Profiles } from './pages/Profiles';
import { href, useRoute } from './route';
import { SessionContext } from './session';
import { SignIn } from './SignIn';

const SCREENS = [
  { path: 'applications', label: 'Applications' },
  { path: 'apis', label: 'APIs' },
  { path: 'client-grants', label: 'Client grants' },
  { path: 'organizations', label: 'Organizations' },
  { path: 'token-exchange-profiles', label: 'Token exchange profiles' },
  { path: 'logs', label: 'Logs' },
  { path: 'log-streams', label: 'Log streams' },
];

export function App() {
  const [session, setSession] = useState<ConsoleSession | null>();
  const [error, setError] = useState<unknown>();
  const route = useRoute();

  useEffect(() => {
    currentSession().then((found) => setSession(found ?? null), setError);
  }, []);

  if (error) return <ErrorText error={error} />;
  if (session === undefined) return <Loader aria-label="Loading" />;
  if (session === null) return <SignIn onSignedIn={setSession} />;

  const [screen = 'organizations', id] = route;
  const leave = (): void => {
    signOut().then(() => setSession(null), setError);
  };

  return (
    <SessionContext.Provider value={session}>
      {/* A plain layout: Mantine's AppShell writes its sizes into a <style> element, which style-src 'self' refuses. */}
      <Box component="header" className="console-header">
        <Title order={2} size="h4">
          Tenant console
        </Title>
        <Group>
          <Text size="sm">
            Signed in as <strong>{session.client_id}</strong>
          </Text>
          <Button variant="default" onClick={leave}>
            Sign out
          </Button>
        </Group>
      </Box>
      <div className="console-body">
        <Box component="nav" aria-label="Screens" className="console-nav">
          {SCREENS.map((item) => (
            <NavLink key={item.path} href={href(item.path)} label={item.label} active={screen === item.path} />
          ))}
        </Box>
        <Box component="main" className="console-main">
          {screen === 'organizations' && !id && <Organizations />}
          {screen === 'organizations' && id && <Organization id={id} />}
          {screen === 'token-exchange-profiles' && <Profiles />}
          {screen === 'logs' && <Logs />}
          {screen === 'applications' && <Applications />}
          {screen === 'apis' && !id && <Apis />}
          {screen === 'apis' && id && <Api key={id} id={id} />}
          {screen === 'client-grants' && <Grants />}
          {screen === 'actions' && id && <Action key={id} id={id} />}
          {screen === 'log-streams' && <LogStreams />}
        </Box>
      </div>
    </SessionContext.Provider>
  );
}

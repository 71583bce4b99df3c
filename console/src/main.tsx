import '@mantine/core/styles.css';
import './console.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The theme's variables come from Mantine's static stylesheet: nothing is written into a <style>
// element at run time, so the page works under the service's style-src 'self'.
createRoot(root).render(
  <StrictMode>
    <MantineProvider withCssVariables={false} withGlobalClasses={false}>
      <App />
    </MantineProvider>
  </StrictMode>,
);

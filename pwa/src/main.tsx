import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/queryClient';
import { App } from './app/App';
import { missingStartupRequirement, showStartupFailure } from './components/startupFailure';
import { installGlobalErrorHandlers } from './lib/errors';
import './styles.css';

installGlobalErrorHandlers();

if (missingStartupRequirement(window)) {
  showStartupFailure(document);
} else {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  );
}

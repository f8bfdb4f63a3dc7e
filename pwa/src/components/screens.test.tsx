import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../lib/router';
import { recordError } from '../lib/errors';
import { CriticalErrorOverlay } from './CriticalErrorOverlay';
import { ErrorBoundary } from './ErrorBoundary';
import { NotFound } from './NotFound';
import { missingStartupRequirement } from './startupFailure';
import { showStartupFailure } from './startupFailureScreen';
import { act } from 'react';

function Boom(): never {
  throw new Error('render failed');
}

describe('error and fallback screens', () => {
  it('show the refresh screen after a render crash', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ErrorBoundary><Boom /></ErrorBoundary>);
    expect(screen.getByText("We're experiencing a technical issue. Refreshing the page usually resolves this.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('show the critical overlay once for a serious error, and let the user continue', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<CriticalErrorOverlay />);
    act(() => recordError('a harmless warning'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => recordError("Can't find variable: React, Cannot find variable: x"));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('prevents the app from loading properly');
    act(() => screen.getByRole('button', { name: 'Try Continue' }).click());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => recordError('Cannot find variable: again'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('show the start-up failure when the root element is missing', () => {
    document.body.innerHTML = '';
    expect(missingStartupRequirement(window)).toBe('root');
    showStartupFailure(document);
    expect(screen.getByText('Please refresh the page to continue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('show the 404 screen', () => {
    render(<MemoryRouter><NotFound /></MemoryRouter>);
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
